// CLeptonica: leptonica (image I/O and processing). Only Sources/Imaging/Leptonica.swift imports this module.
#include <leptonica/allheaders.h>

/// Leptonica keeps 8-bit pixels big-endian inside 32-bit words; this is its GET_DATA_BYTE macro as a
/// function, because Swift cannot import function-like macros.
static inline unsigned char cts_get_data_byte(const l_uint32 *line, int x) {
    return (unsigned char)GET_DATA_BYTE(line, x);
}

/// SET_DATA_BYTE as a function, for the same reason.
static inline void cts_set_data_byte(l_uint32 *line, int x, unsigned char value) {
    SET_DATA_BYTE(line, x, value);
}
