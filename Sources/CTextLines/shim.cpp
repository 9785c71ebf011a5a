// Why this shim exists: OpenCV's imgproc is C++ only. This file is the only one that touches OpenCV; Swift
// sees plain structs. The network itself runs on OpenVINO (Inference); OpenCV prepares its input and turns its
// probability map into boxes as PP-OCR's own post-processing does. Every OpenCV call is inside a try: cv::Exception (a malformed model, an odd size) becomes
// a message, never an abort.
#include "CTextLines.h"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cstring>
#include <cmath>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <vector>

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

extern "C" int ctl_blob(const uint8_t *pixels, int width, int height, int stride, int inputWidth, int inputHeight,
                        float *blob, double *scale, char *error, int errorCapacity) {
    if (!pixels || !blob || width <= 0 || height <= 0 || inputWidth < 32 || inputHeight < 32) {
        fail(error, errorCapacity, "no image or no input size", nullptr);
        return -1;
    }
    try {
        cv::Mat grey(height, width, CV_8U, const_cast<uint8_t *>(pixels), (size_t)stride);
        cv::Mat made = blobFrom(grey, inputWidth, inputHeight, *scale);
        std::memcpy(blob, made.ptr<float>(), sizeof(float) * 3 * (size_t)inputWidth * inputHeight);
        return 0;
    } catch (const cv::Exception &e) {
        fail(error, errorCapacity, "OpenCV failed", e.err.c_str());
    } catch (const std::bad_alloc &) {
        fail(error, errorCapacity, "out of memory", nullptr);
    }
    return -1;
}

extern "C" int ctl_boxes(const float *map, int inputWidth, int inputHeight, double scale, ctl_options options,
                         ctl_box *boxes, int capacity, char *error, int errorCapacity) {
    if (!map || inputWidth <= 0 || inputHeight <= 0 || scale <= 0) {
        fail(error, errorCapacity, "no probability map", nullptr);
        return -1;
    }
    try {
        cv::Mat probability(inputHeight, inputWidth, CV_32F, const_cast<float *>(map));
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
