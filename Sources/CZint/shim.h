// CZint: libzint's C API (libzint-dev ships no pkg-config file, hence `link "zint"` in the module map).
// Only Sources/Rendering may import this module.
#include <zint.h>
