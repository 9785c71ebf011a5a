// CZXing: zxing-cpp 3's own C API (ZXingC.h) as Swift sees it; the library is the one Scripts/setup builds from the
// pinned source package into /usr/local. Only Decoding/ZXingReader.swift may import this module.
#include <ZXing/ZXingC.h>
