// CTextLines: a plain C face over what OpenCV 4.6's imgproc does around the learned text-line detector (PP-OCRv4's
// DB network, run by OpenVINO): the network's input made from a grey image, and its probability map turned into
// line boxes. Everything is written into the caller's arrays. No C++ exception crosses this boundary: failures come back as a message in `error`.
#ifndef CTEXTLINES_H
#define CTEXTLINES_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Post-processing thresholds (the DB paper's and PP-OCR's names).
typedef struct {
    int inputWidth, inputHeight; ///< the network's input (multiples of 32); the image is scaled to fit, then padded
    float threshold;             ///< a pixel is text above this probability (0.3)
    float boxThreshold;          ///< a region's mean probability must reach this (0.5)
    float unclipRatio;           ///< the shrunk text kernel is grown by area * ratio / perimeter (1.6)
    float minSide;               ///< regions whose shorter side (input pixels) is under this are dropped (3)
} ctl_options;

/// One line: a rotated rectangle's four corners in the source image's pixels, and its mean text probability.
typedef struct {
    float x[4], y[4];
    float score;
} ctl_box;

/// The network's input for an 8-bit grey image: scaled to fit `inputWidth` x `inputHeight` (keeping its shape), padded,
/// normalised as PP-OCR's detector wants, three equal planes written into `blob` (3 * inputWidth * inputHeight
/// floats). `scale` receives the factor applied. 0, or -1 with the reason in `error`.
int ctl_blob(const uint8_t *pixels, int width, int height, int stride, int inputWidth, int inputHeight,
             float *blob, double *scale, char *error, int errorCapacity);

/// The line boxes in the network's probability map (`inputWidth` x `inputHeight` floats), in the source image's
/// pixels (divided by `scale`). Returns the number of boxes written (at most `capacity`), or -1 with the reason.
int ctl_boxes(const float *map, int inputWidth, int inputHeight, double scale, ctl_options options,
              ctl_box *boxes, int capacity, char *error, int errorCapacity);

#ifdef __cplusplus
}
#endif
#endif
