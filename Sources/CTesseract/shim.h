// CTesseract: tesseract's C API. Only Sources/Decoding/TesseractEngine.swift imports this module (it hands
// tesseract raw 8-bit pixels, so no leptonica type crosses it).
#include <tesseract/capi.h>
