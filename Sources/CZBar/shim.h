// CZBar: zbar's C API as Swift sees it. Only Decoding/ZBar*.swift may import this module.
#include <zbar.h>
