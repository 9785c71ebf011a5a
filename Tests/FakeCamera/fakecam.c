// A V4L2 camera for machines that have none (CI, these build hosts). Loaded with LD_PRELOAD, it makes one device
// path answer open/ioctl/mmap/munmap/poll/close like a webcam, serving frames made from a folder of images.
// Every other path and descriptor goes to the real libc. Built by the tests (and Scripts/fake-camera):
//   clang -shared -fPIC -O2 -o libfakecam.so Tests/FakeCamera/fakecam.c -llept -ldl -lpthread
//
// Environment:
//   FAKECAM_DEVICE          device path to fake (default /dev/video9)
//   FAKECAM_FRAMES          a folder of images (shown in name order) or one image file (required)
//   FAKECAM_FORMATS         pixel formats offered, in order: YUYV,GREY,MJPEG (default YUYV)
//   FAKECAM_SIZE            frame size WxH (default 640x480); images are letterboxed into it
//   FAKECAM_FPS             frame rate (default 15)
//   FAKECAM_SECONDS_PER_IMAGE  how long each image stays in view (default 2)
//   FAKECAM_AFTER_LAST      loop | hold | stall | unplug  (default hold: the last image stays in view)
//   FAKECAM_UNPLUG_AFTER    after N frames the camera is unplugged (ENODEV); it comes back after
//   FAKECAM_UNPLUG_FOR_MS   milliseconds (default: never)
//   FAKECAM_STALL_AFTER     after N frames no more frames arrive (the device stays open)
//   FAKECAM_BUSY=1          open fails with EBUSY;  FAKECAM_DENY=1: open fails with EACCES
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <leptonica/allheaders.h>
#include <linux/videodev2.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_BUFFERS 16
#define MAX_IMAGES 256
#define OFFSET_STEP 0x1000000

typedef struct {
    uint8_t *gray;      // width*height luminance
    l_uint8 *jpeg;      // the same frame as JPEG (MJPEG format)
    size_t jpegSize;
} Image;

// Recursive: configure() reads images while holding it, and leptonica may open files through us.
static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static int configured = 0;
static char devicePath[4096] = "/dev/video9";
static uint32_t formats[3];
static int formatCount = 0;
static int width = 640, height = 480;
static double fps = 15, secondsPerImage = 2;
static char afterLast[16] = "hold";
static long unplugAfter = -1, unplugForMs = -1, stallAfter = -1;
static int busy = 0, deny = 0;
static Image images[MAX_IMAGES];
static int imageCount = 0;
static size_t largestJpeg = 0;

// Per-process camera state (one open descriptor at a time, like most webcams).
static int fakeFd = -1;
static uint32_t currentFormat = 0;
static int streaming = 0;
static int bufferCount = 0;
static uint8_t *buffers[MAX_BUFFERS];
static size_t bufferLength = 0;
static int queued[MAX_BUFFERS];
static uint32_t queueOrder[MAX_BUFFERS];
static uint32_t queueCounter = 0;
static long framesServed = 0;      // across reopenings: the schedule of images goes on
static double nextDue = 0;
static int unplugged = 0, unplugDone = 0;
static double unpluggedAt = 0;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

#define REAL(name) static __typeof__(name) *real_##name; if (!real_##name) real_##name = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

static uint32_t formatNamed(const char *name) {
    if (strcmp(name, "YUYV") == 0) return V4L2_PIX_FMT_YUYV;
    if (strcmp(name, "GREY") == 0) return V4L2_PIX_FMT_GREY;
    if (strcmp(name, "MJPEG") == 0) return V4L2_PIX_FMT_MJPEG;
    return 0;
}

static int compareNames(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void addImage(const char *path) {
    if (imageCount >= MAX_IMAGES) return;
    PIX *pix = pixRead(path);
    if (!pix) { fprintf(stderr, "fakecam: cannot read %s\n", path); return; }
    PIX *gray = pixConvertTo8(pix, 0);
    pixDestroy(&pix);
    if (!gray) return;
    int pw = pixGetWidth(gray), ph = pixGetHeight(gray);
    float scale = (float)width / pw < (float)height / ph ? (float)width / pw : (float)height / ph;
    PIX *scaled = pixScale(gray, scale, scale);
    pixDestroy(&gray);
    if (!scaled) return;
    PIX *frame = pixCreate(width, height, 8);
    pixSetAllArbitrary(frame, 96);  // a desk-grey border around a letterboxed image
    int sw = pixGetWidth(scaled), sh = pixGetHeight(scaled);
    pixRasterop(frame, (width - sw) / 2, (height - sh) / 2, sw, sh, PIX_SRC, scaled, 0, 0);
    pixDestroy(&scaled);
    Image *image = &images[imageCount];
    image->gray = malloc((size_t)width * height);
    l_uint32 *data = pixGetData(frame);
    int wpl = pixGetWpl(frame);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) image->gray[(size_t)y * width + x] = GET_DATA_BYTE(data + y * wpl, x);
    if (pixWriteMemJpeg(&image->jpeg, &image->jpegSize, frame, 85, 0) != 0) image->jpegSize = 0;
    if (image->jpegSize > largestJpeg) largestJpeg = image->jpegSize;
    pixDestroy(&frame);
    imageCount++;
}

static void configure(void) {
    if (configured) return;
    configured = 1;
    const char *value;
    if ((value = getenv("FAKECAM_DEVICE"))) snprintf(devicePath, sizeof devicePath, "%s", value);
    value = getenv("FAKECAM_FORMATS");
    char list[128];
    snprintf(list, sizeof list, "%s", value ? value : "YUYV");
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name && formatCount < 3; name = strtok_r(NULL, ",", &save))
        if (formatNamed(name)) formats[formatCount++] = formatNamed(name);
    if (formatCount == 0) formats[formatCount++] = V4L2_PIX_FMT_YUYV;
    if ((value = getenv("FAKECAM_SIZE"))) sscanf(value, "%dx%d", &width, &height);
    if ((value = getenv("FAKECAM_FPS"))) fps = atof(value);
    if (fps <= 0) fps = 15;
    if ((value = getenv("FAKECAM_SECONDS_PER_IMAGE"))) secondsPerImage = atof(value);
    if ((value = getenv("FAKECAM_AFTER_LAST"))) snprintf(afterLast, sizeof afterLast, "%s", value);
    if ((value = getenv("FAKECAM_UNPLUG_AFTER"))) unplugAfter = atol(value);
    if ((value = getenv("FAKECAM_UNPLUG_FOR_MS"))) unplugForMs = atol(value);
    if ((value = getenv("FAKECAM_STALL_AFTER"))) stallAfter = atol(value);
    busy = getenv("FAKECAM_BUSY") && strcmp(getenv("FAKECAM_BUSY"), "1") == 0;
    deny = getenv("FAKECAM_DENY") && strcmp(getenv("FAKECAM_DENY"), "1") == 0;
    const char *frames = getenv("FAKECAM_FRAMES");
    if (!frames) return;
    struct stat info;
    if (stat(frames, &info) == 0 && S_ISDIR(info.st_mode)) {
        DIR *dir = opendir(frames);
        char *names[MAX_IMAGES];
        int count = 0;
        for (struct dirent *entry; dir && (entry = readdir(dir)) && count < MAX_IMAGES;) {
            const char *dot = strrchr(entry->d_name, '.');
            if (!dot || entry->d_name[0] == '.') continue;
            if (strcasecmp(dot, ".png") && strcasecmp(dot, ".jpg") && strcasecmp(dot, ".jpeg")) continue;
            names[count++] = strdup(entry->d_name);
        }
        if (dir) closedir(dir);
        qsort(names, count, sizeof names[0], compareNames);
        for (int i = 0; i < count; i++) {
            char path[8192];
            snprintf(path, sizeof path, "%s/%s", frames, names[i]);
            addImage(path);
            free(names[i]);
        }
    } else {
        addImage(frames);
    }
}

static int isFakePath(const char *path) {
    if (!path) return 0;
    pthread_mutex_lock(&lock);
    configure();
    int fake = strcmp(path, devicePath) == 0;
    pthread_mutex_unlock(&lock);
    return fake;
}

// Returns the descriptor, or -1 with errno set (the device's faults happen here).
static int openFake(void) {
    pthread_mutex_lock(&lock);
    int result = -1;
    if (unplugged && unplugForMs >= 0 && (now() - unpluggedAt) * 1000 >= unplugForMs) unplugged = 0;
    if (busy || fakeFd >= 0) { errno = EBUSY; goto done; }
    if (deny) { errno = EACCES; goto done; }
    if (unplugged || imageCount == 0) { errno = ENOENT; goto done; }
    REAL(open);
    fakeFd = real_open("/dev/null", O_RDWR | O_CLOEXEC);
    currentFormat = formats[0];
    streaming = 0;
    bufferCount = 0;
    result = fakeFd;
done:
    pthread_mutex_unlock(&lock);
    return result;
}

int open(const char *path, int flags, ...) {
    if (isFakePath(path)) return openFake();
    va_list args; va_start(args, flags); mode_t mode = va_arg(args, mode_t); va_end(args);
    REAL(open);
    return real_open(path, flags, mode);
}
int open64(const char *path, int flags, ...) {
    if (isFakePath(path)) return openFake();
    va_list args; va_start(args, flags); mode_t mode = va_arg(args, mode_t); va_end(args);
    REAL(open64);
    return real_open64(path, flags, mode);
}
int openat(int dirfd, const char *path, int flags, ...) {
    if (isFakePath(path)) return openFake();
    va_list args; va_start(args, flags); mode_t mode = va_arg(args, mode_t); va_end(args);
    REAL(openat);
    return real_openat(dirfd, path, flags, mode);
}
int openat64(int dirfd, const char *path, int flags, ...) {
    if (isFakePath(path)) return openFake();
    va_list args; va_start(args, flags); mode_t mode = va_arg(args, mode_t); va_end(args);
    REAL(openat64);
    return real_openat64(dirfd, path, flags, mode);
}

static void freeBuffers(void) {
    for (int i = 0; i < bufferCount; i++) { free(buffers[i]); buffers[i] = NULL; queued[i] = 0; }
    bufferCount = 0;
}

int close(int fd) {
    pthread_mutex_lock(&lock);
    if (fd >= 0 && fd == fakeFd) {
        freeBuffers();
        streaming = 0;
        fakeFd = -1;
    }
    pthread_mutex_unlock(&lock);
    REAL(close);
    return real_close(fd);
}

static size_t frameBytes(uint32_t format) {
    if (format == V4L2_PIX_FMT_YUYV) return (size_t)width * height * 2;
    if (format == V4L2_PIX_FMT_GREY) return (size_t)width * height;
    return largestJpeg + 4096;
}

static int hasFormat(uint32_t format) {
    for (int i = 0; i < formatCount; i++) if (formats[i] == format) return 1;
    return 0;
}

static void describeFormat(struct v4l2_format *f) {
    memset(&f->fmt.pix, 0, sizeof f->fmt.pix);
    f->fmt.pix.width = width;
    f->fmt.pix.height = height;
    f->fmt.pix.pixelformat = currentFormat;
    f->fmt.pix.field = V4L2_FIELD_NONE;
    f->fmt.pix.bytesperline = currentFormat == V4L2_PIX_FMT_YUYV ? width * 2 : currentFormat == V4L2_PIX_FMT_GREY ? width : 0;
    f->fmt.pix.sizeimage = frameBytes(currentFormat);
    f->fmt.pix.colorspace = V4L2_COLORSPACE_SRGB;
}

// Which image the camera sees for frame number `frame`, or -1 when it shows nothing more.
static int imageForFrame(long frame) {
    long perImage = (long)(fps * secondsPerImage);
    if (perImage < 1) perImage = 1;
    long index = frame / perImage;
    if (index < imageCount) return (int)index;
    if (strcmp(afterLast, "loop") == 0) return (int)(index % imageCount);
    if (strcmp(afterLast, "hold") == 0) return imageCount - 1;
    return -1;
}

static int frameAvailable(void) {
    if (stallAfter >= 0 && framesServed >= stallAfter) return 0;
    if (imageForFrame(framesServed) < 0 && strcmp(afterLast, "stall") == 0) return 0;
    return 1;
}

static void checkUnplug(void) {
    if (unplugDone) return;
    int endOfImages = imageForFrame(framesServed) < 0 && strcmp(afterLast, "unplug") == 0;
    if ((unplugAfter >= 0 && framesServed >= unplugAfter) || endOfImages) {
        unplugged = 1; unplugDone = 1; unpluggedAt = now();
    }
}

static int dequeue(struct v4l2_buffer *b) {
    checkUnplug();
    if (unplugged) { errno = ENODEV; return -1; }
    if (!streaming) { errno = EINVAL; return -1; }
    int chosen = -1;
    for (int i = 0; i < bufferCount; i++)
        if (queued[i] && (chosen < 0 || queueOrder[i] < queueOrder[chosen])) chosen = i;
    if (chosen < 0 || !frameAvailable() || now() < nextDue) { errno = EAGAIN; return -1; }
    Image *image = &images[imageForFrame(framesServed)];
    size_t used;
    uint8_t *out = buffers[chosen];
    if (currentFormat == V4L2_PIX_FMT_YUYV) {
        size_t count = (size_t)width * height;
        for (size_t i = 0; i < count; i++) { out[2 * i] = image->gray[i]; out[2 * i + 1] = 128; }
        used = count * 2;
    } else if (currentFormat == V4L2_PIX_FMT_GREY) {
        memcpy(out, image->gray, (size_t)width * height);
        used = (size_t)width * height;
    } else {
        memcpy(out, image->jpeg, image->jpegSize);
        used = image->jpegSize;
    }
    queued[chosen] = 0;
    memset(b, 0, sizeof *b);
    b->type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    b->memory = V4L2_MEMORY_MMAP;
    b->index = chosen;
    b->bytesused = used;
    b->length = bufferLength;
    b->m.offset = (uint32_t)chosen * OFFSET_STEP;
    b->sequence = framesServed;
    b->field = V4L2_FIELD_NONE;
    double t = now();
    b->timestamp.tv_sec = (long)t;
    b->timestamp.tv_usec = (long)((t - (long)t) * 1e6);
    b->flags = V4L2_BUF_FLAG_MAPPED | V4L2_BUF_FLAG_DONE | V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC;
    framesServed++;
    nextDue += 1.0 / fps;
    if (nextDue < t) nextDue = t;  // a slow reader misses frames, as with a real camera
    return 0;
}

static int fakeIoctl(unsigned long request, void *argument) {
    switch (request) {
    case VIDIOC_QUERYCAP: {
        struct v4l2_capability *cap = argument;
        memset(cap, 0, sizeof *cap);
        snprintf((char *)cap->driver, sizeof cap->driver, "cardscan-fake");
        snprintf((char *)cap->card, sizeof cap->card, "Fake Camera (cardscan tests)");
        snprintf((char *)cap->bus_info, sizeof cap->bus_info, "fake:%s", devicePath);
        cap->version = 0x060100;
        cap->device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING;
        cap->capabilities = cap->device_caps | V4L2_CAP_DEVICE_CAPS;
        return 0;
    }
    case VIDIOC_ENUM_FMT: {
        struct v4l2_fmtdesc *d = argument;
        if (d->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || d->index >= (uint32_t)formatCount) { errno = EINVAL; return -1; }
        uint32_t index = d->index;
        memset(d, 0, sizeof *d);
        d->index = index;
        d->type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
        d->pixelformat = formats[index];
        d->flags = formats[index] == V4L2_PIX_FMT_MJPEG ? V4L2_FMT_FLAG_COMPRESSED : 0;
        snprintf((char *)d->description, sizeof d->description, "%s",
                 formats[index] == V4L2_PIX_FMT_YUYV ? "YUYV 4:2:2" : formats[index] == V4L2_PIX_FMT_GREY ? "8-bit Greyscale" : "Motion-JPEG");
        return 0;
    }
    case VIDIOC_ENUM_FRAMESIZES: {
        struct v4l2_frmsizeenum *s = argument;
        if (!hasFormat(s->pixel_format) || s->index > 0) { errno = EINVAL; return -1; }
        s->type = V4L2_FRMSIZE_TYPE_DISCRETE;
        s->discrete.width = width;
        s->discrete.height = height;
        return 0;
    }
    case VIDIOC_G_FMT: {
        struct v4l2_format *f = argument;
        if (f->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) { errno = EINVAL; return -1; }
        describeFormat(f);
        return 0;
    }
    case VIDIOC_S_FMT: {
        struct v4l2_format *f = argument;
        if (f->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) { errno = EINVAL; return -1; }
        if (streaming || bufferCount > 0) { errno = EBUSY; return -1; }
        currentFormat = hasFormat(f->fmt.pix.pixelformat) ? f->fmt.pix.pixelformat : formats[0];
        describeFormat(f);  // the driver answers with what it will really deliver (our one size)
        return 0;
    }
    case VIDIOC_REQBUFS: {
        struct v4l2_requestbuffers *r = argument;
        if (r->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || r->memory != V4L2_MEMORY_MMAP) { errno = EINVAL; return -1; }
        if (streaming) { errno = EBUSY; return -1; }
        freeBuffers();
        uint32_t count = r->count > MAX_BUFFERS ? MAX_BUFFERS : r->count;
        bufferLength = frameBytes(currentFormat);
        for (uint32_t i = 0; i < count; i++) { buffers[i] = calloc(1, bufferLength); queued[i] = 0; }
        bufferCount = (int)count;
        r->count = count;
        return 0;
    }
    case VIDIOC_QUERYBUF:
    case VIDIOC_QBUF: {
        struct v4l2_buffer *b = argument;
        if (b->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || b->index >= (uint32_t)bufferCount) { errno = EINVAL; return -1; }
        if (unplugged) { errno = ENODEV; return -1; }
        if (request == VIDIOC_QBUF) {
            queued[b->index] = 1;
            queueOrder[b->index] = queueCounter++;
        }
        b->length = bufferLength;
        b->m.offset = b->index * OFFSET_STEP;
        b->flags = V4L2_BUF_FLAG_MAPPED | (queued[b->index] ? V4L2_BUF_FLAG_QUEUED : 0);
        return 0;
    }
    case VIDIOC_DQBUF:
        return dequeue(argument);
    case VIDIOC_STREAMON:
        if (unplugged) { errno = ENODEV; return -1; }
        if (bufferCount == 0) { errno = EINVAL; return -1; }
        streaming = 1;
        nextDue = now();
        return 0;
    case VIDIOC_STREAMOFF:
        streaming = 0;
        for (int i = 0; i < bufferCount; i++) queued[i] = 0;
        return 0;
    default:
        errno = ENOTTY;
        return -1;
    }
}

int ioctl(int fd, unsigned long request, ...) {
    va_list args; va_start(args, request); void *argument = va_arg(args, void *); va_end(args);
    pthread_mutex_lock(&lock);
    if (fd >= 0 && fd == fakeFd) {
        int result = fakeIoctl(request, argument);
        pthread_mutex_unlock(&lock);
        return result;
    }
    pthread_mutex_unlock(&lock);
    REAL(ioctl);
    return real_ioctl(fd, request, argument);
}

void *mmap(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
    pthread_mutex_lock(&lock);
    if (fd >= 0 && fd == fakeFd) {
        long index = offset / OFFSET_STEP;
        void *result = MAP_FAILED;
        if (index >= 0 && index < bufferCount && length <= bufferLength) result = buffers[index];
        else errno = EINVAL;
        pthread_mutex_unlock(&lock);
        return result;
    }
    pthread_mutex_unlock(&lock);
    REAL(mmap);
    return real_mmap(address, length, protection, flags, fd, offset);
}
void *mmap64(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
    return mmap(address, length, protection, flags, fd, offset);
}

int munmap(void *address, size_t length) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < bufferCount; i++) {
        if (buffers[i] == address) { pthread_mutex_unlock(&lock); return 0; }  // freed with the descriptor
    }
    pthread_mutex_unlock(&lock);
    REAL(munmap);
    return real_munmap(address, length);
}

int poll(struct pollfd *fds, nfds_t count, int timeout) {
    pthread_mutex_lock(&lock);
    if (count != 1 || fds[0].fd < 0 || fds[0].fd != fakeFd) {
        pthread_mutex_unlock(&lock);
        REAL(poll);
        return real_poll(fds, count, timeout);
    }
    double deadline = timeout < 0 ? 1e300 : now() + timeout / 1000.0;
    for (;;) {
        checkUnplug();
        if (unplugged || !streaming) {
            fds[0].revents = POLLERR | (unplugged ? POLLHUP : 0);
            pthread_mutex_unlock(&lock);
            return 1;
        }
        int anyQueued = 0;
        for (int i = 0; i < bufferCount; i++) anyQueued |= queued[i];
        double t = now();
        if (anyQueued && frameAvailable() && t >= nextDue) {
            fds[0].revents = POLLIN | POLLRDNORM;
            pthread_mutex_unlock(&lock);
            return 1;
        }
        if (t >= deadline) { fds[0].revents = 0; pthread_mutex_unlock(&lock); return 0; }
        double wait = (anyQueued && frameAvailable() ? nextDue : t + 0.005) - t;
        if (wait > deadline - t) wait = deadline - t;
        if (wait > 0.005) wait = 0.005;  // wake often: another thread may queue a buffer or close
        pthread_mutex_unlock(&lock);
        struct timespec pause = {0, (long)(wait * 1e9)};
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&lock);
        if (fds[0].fd != fakeFd) { pthread_mutex_unlock(&lock); errno = EBADF; return -1; }
    }
}
