// Why this shim exists: zxing-cpp 1.4 is C++ only (no ZXingC.h in 1.4) and Swift's C++ interop is not worth
// enabling package-wide for one call. It copies every result into plain C structs and catches every exception.
#include "CZXing.h"

#define ZX_USE_UTF8 1  // text() returns UTF-8 std::string (Result.h)
#include <ReadBarcode.h>

#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <malloc.h>

using namespace ZXing;

// Debian's libZXing 1.4 is built with assertions on, and one of them (Result.cpp:140, `lineCount() == 1`, in the
// merge of linear-code rows) fails on real images and would abort the whole process: a batch import or a live
// session lost to one photo. glibc's assert() calls __assert_fail; defining it in our binary interposes it for
// every shared library (the executable's definition wins in ELF symbol lookup). While a thread is inside czx_read
// a failed assertion jumps back to czx_read, which reports it as that image's error; anywhere else it behaves
// exactly like glibc's (message, then abort). The jump skips destructors of the abandoned decode, so that call's
// temporary memory is leaked: a few kilobytes on a rare image, traded for not losing the process.
static thread_local sigjmp_buf *activeDecode = nullptr;
static thread_local char failedAssertion[200];

extern "C" void __assert_fail(const char *assertion, const char *file, unsigned int line,
                                           const char *function) noexcept {
    if (activeDecode) {
        std::snprintf(failedAssertion, sizeof failedAssertion, "zxing-cpp assertion failed: %s (%s:%u)", assertion,
                      file, line);
        sigjmp_buf *target = activeDecode;
        activeDecode = nullptr;
        siglongjmp(*target, 1);
    }
    std::fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, function ? function : "?", assertion);
    std::abort();
}

static char *copyString(const std::string &s) {
    char *out = static_cast<char *>(std::malloc(s.size() + 1));
    if (out) std::memcpy(out, s.c_str(), s.size() + 1);
    return out;
}

extern "C" czx_results *czx_read(const uint8_t *gray, int width, int height, int rowStride, czx_options o) {
    auto *results = static_cast<czx_results *>(std::calloc(1, sizeof(czx_results)));
    if (!results) return nullptr;
    sigjmp_buf jump;
    if (sigsetjmp(jump, 0) != 0) {
        // Came back from __assert_fail: report it; anything copied out before it stays valid.
        std::strncpy(results->error, failedAssertion, sizeof(results->error) - 1);
        return results;
    }
    activeDecode = &jump;
    struct ClearOnExit { ~ClearOnExit() { activeDecode = nullptr; } } clearOnExit;
    try {
        DecodeHints hints;
        int formats = o.formats ? o.formats
                                : int(BarcodeFormat::DataMatrix) | int(BarcodeFormat::PDF417) | int(BarcodeFormat::Aztec);
        hints.setFormats(BarcodeFormats(static_cast<BarcodeFormat>(formats)));
        hints.setTryHarder(o.tryHarder != 0);
        hints.setTryRotate(o.tryRotate != 0);
        hints.setTryDownscale(o.tryDownscale != 0);
        hints.setIsPure(o.isPure != 0);
        hints.setReturnCodabarStartEnd(true);  // as zbar does: the start/stop letters are part of the data
        hints.setBinarizer(static_cast<Binarizer>(o.binarizer & 3));
        if (o.maxSymbols > 0) hints.setMaxNumberOfSymbols(static_cast<uint8_t>(o.maxSymbols));
        if (o.minLineCount > 0) hints.setMinLineCount(static_cast<uint8_t>(std::min(o.minLineCount, 255)));

        auto found = ReadBarcodes(ImageView(gray, width, height, ImageFormat::Lum, rowStride), hints);
        int valid = 0;
        for (auto &r : found) valid += r.isValid() ? 1 : 0;
        if (valid == 0) return results;
        results->symbols = static_cast<czx_symbol *>(std::calloc(valid, sizeof(czx_symbol)));
        if (!results->symbols) throw std::bad_alloc();
        for (auto &r : found) {
            if (!r.isValid()) continue;
            czx_symbol &s = results->symbols[results->count++];
            s.format = int(r.format());
            const std::string text = r.text();
            s.text = copyString(text);
            s.textLength = int(text.size());
            const ByteArray &bytes = r.bytes();
            s.byteCount = int(bytes.size());
            s.bytes = static_cast<uint8_t *>(std::malloc(bytes.size() ? bytes.size() : 1));
            if (s.bytes && !bytes.empty()) std::memcpy(s.bytes, bytes.data(), bytes.size());
            s.contentType = int(r.contentType());
            const Position &p = r.position();
            for (int i = 0; i < 4; ++i) { s.x[i] = p[i].x; s.y[i] = p[i].y; }
            // Deprecated in 1.4 but the only way to see how many data bits an Aztec symbol held (AztecConfirmation
            // checks the content could fit in them).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
            s.numBits = r.numBits();
#pragma GCC diagnostic pop
        }
    } catch (const std::exception &e) {
        std::strncpy(results->error, e.what(), sizeof(results->error) - 1);
    } catch (...) {
        std::strncpy(results->error, "unknown C++ exception in zxing-cpp", sizeof(results->error) - 1);
    }
    return results;
}

extern "C" void czx_results_free(czx_results *results) {
    if (!results) return;
    for (int i = 0; i < results->count; ++i) {
        std::free(results->symbols[i].text);
        std::free(results->symbols[i].bytes);
    }
    std::free(results->symbols);
    std::free(results);
}

// Why: zxing-cpp 1.4's Aztec decoder can read memory it never wrote (a binary shift in the padding runs past the
// data: ../shared/corpus/barcodes/aztec-1/padding_bs.png comes out different on every run). glibc's M_PERTURB
// fills every block malloc returns with one byte pattern and every freed block with another
// (https://man7.org/linux/man-pages/man3/mallopt.3.html), so two decodes under two patterns read different
// garbage where the decoder reads unwritten memory, and the same bytes where it does not.
extern "C" void czx_set_heap_perturbation(int value) { mallopt(M_PERTURB, value); }
