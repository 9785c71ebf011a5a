// swift-tools-version:6.0
// cardscan — reads identity, health and loyalty cards from webcams and photos.
// No SwiftPM package dependencies: C libraries come from Debian packages, and zxing-cpp 3 and OpenVINO from pinned
// PyPI packages (Scripts/setup installs them all).
import PackageDescription

let package = Package(
    name: "cardscan",
    products: [
        .executable(name: "cardscan", targets: ["cardscan"]),
        .library(name: "ScanEngine", targets: ["ScanEngine"]),
    ],
    targets: [
        // MARK: C libraries, one target each; their pointers never leave the Swift target that wraps them.
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract",
                       providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng"])]),
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(name: "CZint", providers: [.apt(["libzint-dev"])]),
        // The kernel's V4L2 interface: a fixed-signature ioctl wrapper and the request codes as constants.
        .systemLibrary(name: "CV4L2"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The HTTP server behind `cardscan serve`: a fixed-signature wrapper for the variadic MHD_start_daemon.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // zxing-cpp 3 through its own C API: built from its pinned PyPI source package by Scripts/setup (Debian 12
        // packages only 1.4) into /usr/local (headers where the compiler looks by default; the library's folder is
        // Decoding's linker flag). Linked by its soname (module.modulemap), not through its zxing.pc: other libraries'
        // pkg-config flags put Debian's folder first, where a libzxing-dev (1.4) left on the machine would be taken.
        .systemLibrary(name: "CZXing"),

        // OpenCV's imgproc around the learned text-line detector: its input made, its map turned into boxes (Debian's
        // OpenCV 4.6; C++, hence a shim).
        .target(
            name: "CTextLines",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
            linkerSettings: [.linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"), .linkedLibrary("stdc++")]
        ),
        // OpenVINO's C API (the runtime from the pinned PyPI wheel Scripts/setup unpacks): opened with dlopen at run
        // time, so a machine without it still runs (tesseract reads alone); its headers come from the same folder.
        .target(
            name: "COpenVINO",
            cSettings: [.unsafeFlags(["-I/usr/local/lib/cardscan-openvino/include"])],
            linkerSettings: [.linkedLibrary("dl")]
        ),

        // MARK: Pure Swift model (no C).
        .target(name: "CardModel"),
        .target(name: "Recognition", dependencies: ["CardModel"]),

        // MARK: Pipeline stages.
        .target(name: "Imaging", dependencies: ["CLeptonica", "CardModel"]),
        // The learned models' runtime: OpenVINO wrapped once (OpenVINOModel).
        .target(name: "Inference", dependencies: ["COpenVINO"]),
        // Locate: where the print is (the learned text-line detector, and the geometry of its lines).
        .target(name: "Locating", dependencies: ["CTextLines", "Inference", "Imaging", "CardModel"]),
        // Decode: barcodes (zbar, zxing-cpp, our own 2D symbol finding).
        // zxing-cpp 3's folder, for the linker (gold searches no folder of its own): /usr/local/lib/<multiarch>.
        .target(name: "Decoding", dependencies: ["Imaging", "CardModel", "CZBar", "CZXing"],
                linkerSettings: [.unsafeFlags(["-L/usr/local/lib/x86_64-linux-gnu", "-L/usr/local/lib/aarch64-linux-gnu"])]),
        // Read: the printed text, line by line through tesseract (the detector's lines, or its own layout analysis).
        .target(name: "OCR", dependencies: ["Imaging", "Locating", "Inference", "CardModel", "CTesseract"]),
        .target(name: "Capture", dependencies: ["CV4L2", "Imaging", "CardModel"]),
        .target(name: "ScanEngine", dependencies: ["CardModel", "Recognition", "Imaging", "Decoding", "OCR", "Capture"]),
        .target(name: "CardStore", dependencies: ["CardModel", "CSQLite"]),
        .target(name: "Rendering", dependencies: ["CardModel", "Imaging", "CZint"]),

        // MARK: Front ends.
        // One live session at a time, suggestions by run-wide id, accepted cards saved: `session --stdio` and `serve`.
        .target(name: "SessionControl", dependencies: ["ScanEngine", "Capture", "CardModel", "CardStore", "Recognition"]),
        // `cardscan serve`: libmicrohttpd wrapped once, the JSON API, live events as Server-Sent Events, the pages
        // (embedded in the binary: no network needed).
        .target(name: "WebServer",
                dependencies: ["CMicroHTTPD", "SessionControl", "CardModel", "CardStore", "Capture", "Imaging", "Recognition", "Rendering"],
                resources: [.embedInCode("Pages")]),

        // Scoring decoders against a corpus of images with expected content (benchmarks and tests share it).
        .target(name: "Evaluation", dependencies: ["CardModel"]),

        // MARK: Executables.
        .executableTarget(name: "cardscan", dependencies: ["SessionControl", "WebServer", "ScanEngine", "Capture", "CardModel", "Imaging", "CardStore", "Recognition", "Rendering", "Decoding", "OCR", "Locating"]),
        .executableTarget(name: "cardscan-bench", dependencies: ["ScanEngine", "Capture", "Decoding", "OCR", "Imaging", "CardModel", "Evaluation",
                                                                 "Recognition"],
                          path: "Benchmarks"),

        // Fuzz targets (Scripts/fuzz builds them with libFuzzer; a normal build replays their corpora).
        .executableTarget(name: "cardscan-fuzz", dependencies: ["CardModel", "CardStore", "Decoding", "OCR", "Imaging", "Recognition"],
                          path: "Tests/Fuzz/Sources"),

        // MARK: Tests (real libraries, real images, the real CLI).
        .testTarget(name: "RecognitionTests", dependencies: ["Recognition", "CardModel", "Evaluation"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging"]),
        .testTarget(name: "LocatingTests", dependencies: ["Locating", "Imaging"]),
        .testTarget(name: "DecodingTests", dependencies: ["Decoding", "Imaging", "CardModel", "ScanEngine", "Evaluation", "CZBar", "CZXing"]),
        // Read: the detector's lines read by PP-OCR and tesseract, the layout path, the rescue passes on hard photos.
        .testTarget(name: "OCRTests", dependencies: ["OCR", "Locating", "Inference", "Decoding", "Imaging", "CardModel", "ScanEngine", "Evaluation"]),
        // The README's screenshots of the web pages, made by the browser tests (CARDSCAN_SCREENSHOTS=folder).
        .testTarget(name: "CLITests", dependencies: ["Evaluation"], exclude: ["WebServe/Screenshots"]),
        .testTarget(name: "CardStoreTests", dependencies: ["CardStore", "CardModel"]),
        .testTarget(name: "WebServerTests", dependencies: ["WebServer", "CardModel"]),
        .testTarget(name: "ScanEngineTests", dependencies: ["ScanEngine", "Decoding", "OCR", "Imaging", "CardModel"]),
        .testTarget(name: "SessionControlTests", dependencies: ["SessionControl", "CardStore", "CardModel"]),
        .testTarget(name: "CaptureTests", dependencies: ["Capture"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Decoding", "Imaging", "CardModel"]),
    ],
    cxxLanguageStandard: .cxx17
)
