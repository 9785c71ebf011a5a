// Why this shim exists: OpenCV's dnn module is C++ only. This file is the only one that touches OpenCV; Swift
// sees plain structs. Every OpenCV call is inside a try: cv::Exception (a malformed model, an odd size) becomes
// a message, never an abort.
#include "CTextLines.h"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <vector>

// OpenCV 4.6's dnn fixes a network's shapes at its first forward pass: an input of another size afterwards comes
// back as an all-zero map (measured: a 640x480 photo after a 64x64 check found no line). So the detector keeps
// one network per input size, loaded from the same file, the most recently used first. Photos come in few
// shapes (TextLineDetector.canvas: 16:9, 4:3 and square, each either way round, at a few sizes); loading one costs
// about 40 ms and 20 MB.
struct ctl_detector {
    std::string path;
    struct Sized { int width, height; cv::dnn::Net net; };
    std::vector<Sized> nets;
    static constexpr size_t kept = 6;

    cv::dnn::Net &net(int width, int height) {
        for (size_t i = 0; i < nets.size(); i++) {
            if (nets[i].width == width && nets[i].height == height) {
                if (i > 0) std::rotate(nets.begin(), nets.begin() + i, nets.begin() + i + 1);
                return nets[0].net;
            }
        }
        if (nets.size() >= kept) nets.pop_back();
        nets.insert(nets.begin(), Sized{width, height, load(path)});
        return nets[0].net;
    }

    static cv::dnn::Net load(const std::string &path) {
        cv::dnn::Net net = cv::dnn::readNetFromONNX(path);
        net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        return net;
    }
};

static void fail(char *error, int capacity, const char *what, const char *detail) {
    if (error && capacity > 0) std::snprintf(error, (size_t)capacity, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
}

// The network's input: RGB, (x/255 - 0.5)/0.5 (PP-OCRv4's detector as RapidOCR 1.4.4 configures it). A grey
// image is the same value in the three channels. Padding is 0 after normalisation: mid grey, which reads as no text.
static cv::Mat blobFrom(const cv::Mat &grey, int inputWidth, int inputHeight, double &scale) {
    scale = std::min((double)inputWidth / grey.cols, (double)inputHeight / grey.rows);
    int w = std::max(1, std::min(inputWidth, (int)std::lround(grey.cols * scale)));
    int h = std::max(1, std::min(inputHeight, (int)std::lround(grey.rows * scale)));
    cv::Mat resized;
    cv::resize(grey, resized, cv::Size(w, h), 0, 0, scale < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
    cv::Mat plane(inputHeight, inputWidth, CV_32F, cv::Scalar(0));
    resized.convertTo(plane(cv::Rect(0, 0, w, h)), CV_32F, 2.0 / 255.0, -1.0);
    int dims[4] = {1, 3, inputHeight, inputWidth};
    cv::Mat blob(4, dims, CV_32F);
    size_t planeSize = (size_t)inputWidth * inputHeight;
    for (int c = 0; c < 3; c++) {
        cv::Mat channel(inputHeight, inputWidth, CV_32F, blob.ptr<float>() + c * planeSize);
        plane.copyTo(channel);
    }
    return blob;
}

extern "C" ctl_detector *ctl_open(const char *path, int threads, char *error, int errorCapacity) {
    try {
        if (threads > 0) cv::setNumThreads(threads);
        // A model that loads but is not a text detector (or is damaged inside) is caught here: its answer to a
        // small image must be one probability plane of that image's size. (A network of its own: see above.)
        cv::dnn::Net check = ctl_detector::load(path);
        if (check.empty()) {
            fail(error, errorCapacity, "the model holds no network", nullptr);
            return nullptr;
        }
        cv::Mat grey(64, 64, CV_8U, cv::Scalar(255));
        double scale = 1;
        check.setInput(blobFrom(grey, 64, 64, scale));
        cv::Mat out = check.forward();
        if (out.dims != 4 || out.size[0] != 1 || out.size[1] != 1 || out.size[2] != 64 || out.size[3] != 64) {
            fail(error, errorCapacity, "the model does not answer a text probability map", nullptr);
            return nullptr;
        }
        auto *detector = new ctl_detector();
        detector->path = path;
        return detector;
    } catch (const cv::Exception &e) {
        fail(error, errorCapacity, "OpenCV could not load the model", e.err.c_str());
    } catch (const std::exception &e) {
        fail(error, errorCapacity, "the model could not be loaded", e.what());
    }
    return nullptr;
}

extern "C" void ctl_close(ctl_detector *detector) { delete detector; }

// PP-OCR's "fast" box score: the mean probability inside the region's outline.
static float regionScore(const cv::Mat &probability, const std::vector<cv::Point> &contour) {
    cv::Rect box = cv::boundingRect(contour) & cv::Rect(0, 0, probability.cols, probability.rows);
    if (box.empty()) return 0;
    cv::Mat mask(box.height, box.width, CV_8U, cv::Scalar(0));
    std::vector<std::vector<cv::Point>> shifted(1);
    for (const auto &p : contour) shifted[0].push_back(cv::Point(p.x - box.x, p.y - box.y));
    cv::fillPoly(mask, shifted, cv::Scalar(1));
    return (float)cv::mean(probability(box), mask)[0];
}

extern "C" int ctl_detect(ctl_detector *detector, const uint8_t *pixels, int width, int height, int stride,
                          ctl_options options, ctl_box *boxes, int capacity, double *milliseconds,
                          char *error, int errorCapacity) {
    if (!detector || !pixels || width <= 0 || height <= 0 || options.inputWidth < 32 || options.inputHeight < 32) {
        fail(error, errorCapacity, "no image or no input size", nullptr);
        return -1;
    }
    try {
        cv::Mat grey(height, width, CV_8U, const_cast<uint8_t *>(pixels), (size_t)stride);
        double scale = 1;
        cv::Mat blob = blobFrom(grey, options.inputWidth, options.inputHeight, scale);
        auto start = std::chrono::steady_clock::now();
        cv::dnn::Net &net = detector->net(options.inputWidth, options.inputHeight);
        net.setInput(blob);
        cv::Mat out = net.forward();
        if (milliseconds)
            *milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (out.dims != 4 || out.size[2] != options.inputHeight || out.size[3] != options.inputWidth) {
            fail(error, errorCapacity, "the model answered a map of another size", nullptr);
            return -1;
        }
        cv::Mat probability(options.inputHeight, options.inputWidth, CV_32F, out.ptr<float>());
        cv::Mat text = probability > options.threshold;  // 255 where text
        // PP-OCR dilates the text kernels by one pixel before finding their outlines.
        cv::dilate(text, text, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(2, 2)));
        std::vector<std::vector<cv::Point>> contours;
        cv::findContours(text, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
        int count = 0;
        for (const auto &contour : contours) {
            if (count >= capacity) break;
            if (contour.size() < 3) continue;
            cv::RotatedRect kernel = cv::minAreaRect(contour);
            if (std::min(kernel.size.width, kernel.size.height) < options.minSide) continue;
            float score = regionScore(probability, contour);
            if (score < options.boxThreshold) continue;
            // The detector marks a shrunk kernel of each line: grown back by the offset the DB paper uses.
            double area = cv::contourArea(contour), perimeter = cv::arcLength(contour, true);
            if (perimeter <= 0) continue;
            float grow = (float)(area * options.unclipRatio / perimeter);
            cv::RotatedRect line(kernel.center, cv::Size2f(kernel.size.width + 2 * grow, kernel.size.height + 2 * grow),
                                 kernel.angle);
            if (std::min(line.size.width, line.size.height) < options.minSide + 2) continue;
            cv::Point2f corners[4];
            line.points(corners);
            ctl_box &b = boxes[count++];
            for (int i = 0; i < 4; i++) {
                b.x[i] = (float)(corners[i].x / scale);  // may lie past the edge: the crop pads
                b.y[i] = (float)(corners[i].y / scale);
            }
            b.score = score;
        }
        return count;
    } catch (const cv::Exception &e) {
        fail(error, errorCapacity, "OpenCV failed", e.err.c_str());
    } catch (const std::bad_alloc &) {
        fail(error, errorCapacity, "out of memory", nullptr);
    } catch (const std::exception &e) {
        fail(error, errorCapacity, "the detector failed", e.what());
    }
    return -1;
}
