// CZXing: a plain C face over Debian's zxing-cpp 1.4 (C++), for the 2D formats zbar lacks.
// Ownership rule: czx_read returns a heap object the caller frees with czx_results_free; nothing else is owned
// by the caller. No C++ exception crosses this boundary: failures come back as a message in `error`.
#ifndef CZXING_H
#define CZXING_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One decoded symbol, copied out of zxing's Result.
typedef struct {
    int format;            ///< zxing BarcodeFormat bit (ZXing/BarcodeFormat.h)
    char *text;            ///< UTF-8 text, NUL-terminated (the text itself may hold NULs: use textLength)
    int textLength;
    uint8_t *bytes;        ///< the decoded bytes (no ECI designators)
    int byteCount;
    int contentType;       ///< zxing ContentType: 0 Text, 1 Binary, 2 Mixed, 3 GS1, 4 ISO15434, 5 UnknownECI
    int x[4], y[4];        ///< corners: top-left, top-right, bottom-right, bottom-left
    int numBits;           ///< data bits the decoder consumed (Result::numBits; 0 when the format does not say)
} czx_symbol;

typedef struct {
    czx_symbol *symbols;
    int count;
    char error[256];       ///< empty unless zxing threw
} czx_results;

/// Options as plain values (see DecodeHints.h for each one's meaning).
typedef struct {
    int formats;           ///< zxing BarcodeFormat bits; 0 means the shim's default (DataMatrix|PDF417|Aztec)
    int tryHarder;
    int tryRotate;
    int tryDownscale;
    int binarizer;         ///< 0 LocalAverage, 1 GlobalHistogram, 2 FixedThreshold, 3 BoolCast
    int isPure;
    int maxSymbols;        ///< 0 = unlimited
    int minLineCount;      ///< rows a linear code must read the same on; 0 = zxing's default (2)
} czx_options;

/// Reads an 8-bit luminance image. The corresponding C++ function is `ZXing::ReadBarcodes`.
czx_results *czx_read(const uint8_t *gray, int width, int height, int rowStride, czx_options options);
void czx_results_free(czx_results *results);

/// Sets glibc's heap perturbation byte (0 turns it off). The corresponding C function is `mallopt(M_PERTURB, …)`.
void czx_set_heap_perturbation(int value);

#ifdef __cplusplus
}
#endif
#endif
