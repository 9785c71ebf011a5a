// CTextLines: a plain C face over a learned text-line detector (a DB text detector, PP-OCRv4's, run by Debian's
// OpenCV 4.6 `dnn` module) and the post-processing that turns its probability map into line boxes.
// Ownership rule: ctl_open returns a detector the caller frees with ctl_close; boxes are written into the caller's
// arrays. No C++ exception crosses this boundary: failures come back as a message in `error`.
#ifndef CTEXTLINES_H
#define CTEXTLINES_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ctl_detector ctl_detector;

/// Loads the ONNX model at `path` and checks that it answers a probability map of its input's size.
/// NULL on failure, with the reason in `error`.
ctl_detector *ctl_open(const char *path, int threads, char *error, int errorCapacity);
void ctl_close(ctl_detector *detector);

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

/// Finds text lines in an 8-bit grey image. Returns the number of boxes written (at most `capacity`), or -1 with
/// the reason in `error`. `milliseconds` (may be NULL) receives the network's own time.
int ctl_detect(ctl_detector *detector, const uint8_t *pixels, int width, int height, int stride,
               ctl_options options, ctl_box *boxes, int capacity, double *milliseconds,
               char *error, int errorCapacity);

#ifdef __cplusplus
}
#endif
#endif
