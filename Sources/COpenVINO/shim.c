// Why this shim exists: OpenVINO comes from a PyPI wheel that setup may not have been able to install, and a
// library linked at build time that is missing at run time stops the program before main. So the C API is
// opened with dlopen and its few functions looked up by name; the headers (from the same wheel) give their types.
// Built without the headers, every call says the runtime was not there when cardscan was built.
#include "COpenVINO.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(char *error, int capacity, const char *what, const char *detail) {
    if (error && capacity > 0) snprintf(error, (size_t)capacity, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COV_SANITIZED 1
#endif
#endif

int cov_usable_in_this_build(void) {
#if defined(COV_SANITIZED)
    return 0;
#else
    return 1;
#endif
}

#if __has_include(<openvino/c/openvino.h>) && !defined(COV_SANITIZED)
#include <openvino/c/openvino.h>

// The C API's functions this shim calls, looked up once.
static struct {
    ov_status_e (*core_create)(ov_core_t **);
    ov_status_e (*core_read_model)(const ov_core_t *, const char *, const char *, ov_model_t **);
    ov_status_e (*core_compile_model)(const ov_core_t *, const ov_model_t *, const char *, const size_t,
                                      ov_compiled_model_t **, ...);
    void (*model_free)(ov_model_t *);
    ov_status_e (*create_infer_request)(const ov_compiled_model_t *, ov_infer_request_t **);
    void (*compiled_model_free)(ov_compiled_model_t *);
    ov_status_e (*set_input_tensor_by_index)(ov_infer_request_t *, const size_t, const ov_tensor_t *);
    ov_status_e (*infer)(ov_infer_request_t *);
    ov_status_e (*get_output_tensor_by_index)(const ov_infer_request_t *, const size_t, ov_tensor_t **);
    void (*infer_request_free)(ov_infer_request_t *);
    ov_status_e (*tensor_create_from_host_ptr)(const ov_element_type_e, const ov_shape_t, void *, ov_tensor_t **);
    ov_status_e (*tensor_get_shape)(const ov_tensor_t *, ov_shape_t *);
    ov_status_e (*tensor_data)(const ov_tensor_t *, void **);
    void (*tensor_free)(ov_tensor_t *);
    ov_status_e (*shape_create)(const int64_t, const int64_t *, ov_shape_t *);
    ov_status_e (*shape_free)(ov_shape_t *);
    const char *(*last_err_msg)(void);
} api;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static int load_state;  // 0 not tried, 1 loaded, -1 failed
static char load_error[512];
static ov_core_t *core;

static const char *last_message(void) {
    const char *m = api.last_err_msg ? api.last_err_msg() : NULL;
    return m && *m ? m : "no detail";
}

int cov_load_runtime(const char *folder, char *error, int errorCapacity) {
    pthread_mutex_lock(&load_lock);
    if (load_state == 0) {
        char path[4096];
        snprintf(path, sizeof path, "%s/libopenvino_c.so.2641", folder);
        // RTLD_LOCAL: its libtbb may differ from one already in the process (Debian's OpenCV brings one).
        void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            snprintf(load_error, sizeof load_error, "could not open %s (%s)", path, dlerror());
            load_state = -1;
        } else {
            int missing = 0;
#define FIND(field, name) if (!(*(void **)&api.field = dlsym(lib, name))) missing = 1
            FIND(core_create, "ov_core_create");
            FIND(core_read_model, "ov_core_read_model");
            FIND(core_compile_model, "ov_core_compile_model");
            FIND(model_free, "ov_model_free");
            FIND(create_infer_request, "ov_compiled_model_create_infer_request");
            FIND(compiled_model_free, "ov_compiled_model_free");
            FIND(set_input_tensor_by_index, "ov_infer_request_set_input_tensor_by_index");
            FIND(infer, "ov_infer_request_infer");
            FIND(get_output_tensor_by_index, "ov_infer_request_get_output_tensor_by_index");
            FIND(infer_request_free, "ov_infer_request_free");
            FIND(tensor_create_from_host_ptr, "ov_tensor_create_from_host_ptr");
            FIND(tensor_get_shape, "ov_tensor_get_shape");
            FIND(tensor_data, "ov_tensor_data");
            FIND(tensor_free, "ov_tensor_free");
            FIND(shape_create, "ov_shape_create");
            FIND(shape_free, "ov_shape_free");
            FIND(last_err_msg, "ov_get_last_err_msg");
#undef FIND
            if (missing) {
                snprintf(load_error, sizeof load_error, "%s lacks a function this build calls (another OpenVINO version?)", path);
                load_state = -1;
            } else if (api.core_create(&core) != OK) {
                snprintf(load_error, sizeof load_error, "OpenVINO could not start: %s", last_message());
                load_state = -1;
            } else {
                load_state = 1;
            }
        }
    }
    int state = load_state;
    if (state < 0) fail(error, errorCapacity, load_error, NULL);
    pthread_mutex_unlock(&load_lock);
    return state > 0 ? 0 : -1;
}

struct cov_model {
    ov_compiled_model_t *compiled;
    ov_infer_request_t *request;
    ov_tensor_t *output;  // the last run's output, held so its data stays valid
};

cov_model *cov_open(const char *path, int threads, char *error, int errorCapacity) {
    if (load_state != 1) {
        fail(error, errorCapacity, "the OpenVINO runtime is not loaded", NULL);
        return NULL;
    }
    ov_model_t *model = NULL;
    if (api.core_read_model(core, path, NULL, &model) != OK) {
        fail(error, errorCapacity, "OpenVINO could not read the model", last_message());
        return NULL;
    }
    char count[16];
    snprintf(count, sizeof count, "%d", threads > 0 ? threads : 0);
    ov_compiled_model_t *compiled = NULL;
    // f32 on every CPU: OpenVINO's own default is bf16 where the CPU has it (AVX-512 BF16, AMX), and the same photo
    // then reads a little differently (a name or a date of birth on a card set of 120) from one machine to the
    // next. An identifier must read the same on every desk, and the recall the tests assert must be the one measured.
    ov_status_e status = threads > 0
        ? api.core_compile_model(core, model, "CPU", 8, &compiled, "INFERENCE_NUM_THREADS", count,
                                 "PERFORMANCE_HINT", "LATENCY", "NUM_STREAMS", "1", "INFERENCE_PRECISION_HINT", "f32")
        : api.core_compile_model(core, model, "CPU", 4, &compiled, "PERFORMANCE_HINT", "LATENCY",
                                 "INFERENCE_PRECISION_HINT", "f32");
    api.model_free(model);
    if (status != OK) {
        fail(error, errorCapacity, "OpenVINO could not compile the model", last_message());
        return NULL;
    }
    ov_infer_request_t *request = NULL;
    if (api.create_infer_request(compiled, &request) != OK) {
        fail(error, errorCapacity, "OpenVINO could not make an inference request", last_message());
        api.compiled_model_free(compiled);
        return NULL;
    }
    cov_model *m = calloc(1, sizeof *m);
    if (!m) {
        api.infer_request_free(request);
        api.compiled_model_free(compiled);
        fail(error, errorCapacity, "out of memory", NULL);
        return NULL;
    }
    m->compiled = compiled;
    m->request = request;
    return m;
}

void cov_close(cov_model *m) {
    if (!m) return;
    if (m->output) api.tensor_free(m->output);
    api.infer_request_free(m->request);
    api.compiled_model_free(m->compiled);
    free(m);
}

int64_t cov_run(cov_model *m, const float *input, const int64_t *shape, int rank,
                const float **output, int64_t *outShape, int *outRank, char *error, int errorCapacity) {
    if (!m || !input || rank <= 0 || rank > 8) {
        fail(error, errorCapacity, "no model or no input", NULL);
        return -1;
    }
    if (m->output) { api.tensor_free(m->output); m->output = NULL; }
    ov_shape_t inShape;
    if (api.shape_create(rank, shape, &inShape) != OK) {
        fail(error, errorCapacity, "bad input shape", last_message());
        return -1;
    }
    ov_tensor_t *tensor = NULL;
    ov_status_e status = api.tensor_create_from_host_ptr(F32, inShape, (void *)input, &tensor);
    api.shape_free(&inShape);
    if (status != OK) {
        fail(error, errorCapacity, "OpenVINO could not wrap the input", last_message());
        return -1;
    }
    status = api.set_input_tensor_by_index(m->request, 0, tensor);
    if (status == OK) status = api.infer(m->request);
    api.tensor_free(tensor);
    if (status != OK) {
        fail(error, errorCapacity, "inference failed", last_message());
        return -1;
    }
    ov_tensor_t *out = NULL;
    if (api.get_output_tensor_by_index(m->request, 0, &out) != OK) {
        fail(error, errorCapacity, "no output", last_message());
        return -1;
    }
    ov_shape_t got;
    void *data = NULL;
    if (api.tensor_get_shape(out, &got) != OK || api.tensor_data(out, &data) != OK || got.rank > 8) {
        api.tensor_free(out);
        fail(error, errorCapacity, "unreadable output", last_message());
        return -1;
    }
    int64_t count = 1;
    for (int64_t i = 0; i < got.rank; i++) { outShape[i] = got.dims[i]; count *= got.dims[i]; }
    *outRank = (int)got.rank;
    api.shape_free(&got);
    m->output = out;
    *output = (const float *)data;
    return count;
}

#else  // built without OpenVINO's headers, or with AddressSanitizer

int cov_load_runtime(const char *folder, char *error, int errorCapacity) {
    (void)folder;
#if defined(COV_SANITIZED)
    // OpenVINO's oneTBB opens its hwloc binding library with RTLD_DEEPBIND, which AddressSanitizer refuses (it
    // ends the process): a sanitized build reads with tesseract alone.
    fail(error, errorCapacity, "OpenVINO cannot run in a build with AddressSanitizer (its TBB opens a library with RTLD_DEEPBIND)", NULL);
#else
    fail(error, errorCapacity, "cardscan was built without OpenVINO's headers (run Scripts/setup, then build again)", NULL);
#endif
    return -1;
}
cov_model *cov_open(const char *path, int threads, char *error, int errorCapacity) {
    (void)path; (void)threads;
    fail(error, errorCapacity, "cardscan was built without OpenVINO", NULL);
    return NULL;
}
void cov_close(cov_model *model) { (void)model; }
int64_t cov_run(cov_model *model, const float *input, const int64_t *shape, int rank,
                const float **output, int64_t *outShape, int *outRank, char *error, int errorCapacity) {
    (void)model; (void)input; (void)shape; (void)rank; (void)output; (void)outShape; (void)outRank;
    fail(error, errorCapacity, "cardscan was built without OpenVINO", NULL);
    return -1;
}
#endif
