// The V4L2 kernel interface for Swift. ioctl and open are variadic in C, which Swift cannot call, so each gets a
// fixed-signature wrapper; the request codes and pixel formats are function-like macros, so they are restated as
// constants. Nothing else lives here: the camera logic is Swift (Sources/Capture).
#ifndef CARDSCAN_CV4L2_SHIM_H
#define CARDSCAN_CV4L2_SHIM_H
#include <errno.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <stdint.h>
#include <sys/ioctl.h>

/// ioctl, retried when a signal interrupts it (the kernel's advice for V4L2 drivers).
static inline int cv4l2_ioctl(int fd, unsigned long request, void *argument) {
    int result;
    do { result = ioctl(fd, request, argument); } while (result == -1 && errno == EINTR);
    return result;
}

/// Opens a video device read-write and non-blocking (frames are waited for with poll, with a timeout).
static inline int cv4l2_open(const char *path) { return open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC); }

static const unsigned long CV4L2_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long CV4L2_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long CV4L2_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long CV4L2_G_FMT = VIDIOC_G_FMT;
static const unsigned long CV4L2_S_FMT = VIDIOC_S_FMT;
static const unsigned long CV4L2_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long CV4L2_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long CV4L2_QBUF = VIDIOC_QBUF;
static const unsigned long CV4L2_DQBUF = VIDIOC_DQBUF;
static const unsigned long CV4L2_STREAMON = VIDIOC_STREAMON;
static const unsigned long CV4L2_STREAMOFF = VIDIOC_STREAMOFF;

static const uint32_t CV4L2_PIX_FMT_GREY = V4L2_PIX_FMT_GREY;
static const uint32_t CV4L2_PIX_FMT_YUYV = V4L2_PIX_FMT_YUYV;
static const uint32_t CV4L2_PIX_FMT_MJPEG = V4L2_PIX_FMT_MJPEG;
static const uint32_t CV4L2_PIX_FMT_JPEG = V4L2_PIX_FMT_JPEG;
#endif
