// COpenVINO: a small C face over OpenVINO's C API (the runtime from the pinned PyPI wheel that Scripts/setup
// unpacks under /usr/local/lib/cardscan-openvino). The runtime is opened with dlopen when first asked for, not
// linked: a machine without it still runs cardscan, which then reads with tesseract alone and says what is missing.
// Ownership: cov_open returns a model the caller frees with cov_close. Errors come back as a message in `error`.
#ifndef COPENVINO_H
#define COPENVINO_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cov_model cov_model;

/// 0 when this build cannot run the runtime at all (an AddressSanitizer build), 1 otherwise.
int cov_usable_in_this_build(void);

/// Opens the runtime's libraries in `folder` (once per process; later calls return the first outcome). 0 on
/// success; -1 with the reason in `error`.
int cov_load_runtime(const char *folder, char *error, int errorCapacity);

/// Reads the ONNX model at `path` and compiles it for the CPU with `threads` inference threads (0: OpenVINO's
/// choice), tuned for latency. NULL on failure, with the reason in `error`.
cov_model *cov_open(const char *path, int threads, char *error, int errorCapacity);
void cov_close(cov_model *model);

/// Runs the model on one f32 input tensor of `rank` dimensions `shape` (the caller's memory, not copied). On success
/// returns the output's element count, writes its shape into `outShape` (room for 8) and its rank into `outRank`,
/// and points `output` at its data, which stays valid until the next cov_run or cov_close on this model.
/// -1 with the reason in `error`.
int64_t cov_run(cov_model *model, const float *input, const int64_t *shape, int rank,
                const float **output, int64_t *outShape, int *outRank, char *error, int errorCapacity);

#ifdef __cplusplus
}
#endif
#endif
