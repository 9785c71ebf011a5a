/// The pages and their script and style, embedded in the binary at build time (`resources: .embedInCode` in
/// Package.swift): no CDN, no file beside the executable, works offline. Plain HTML, CSS and JavaScript; no inline
/// script anywhere (the Content-Security-Policy forbids it), each page loads its script as a file.
extension WebRoutes {
    /// The files under /assets/, by name.
    static let assets: [String: (bytes: [UInt8], type: String)] = [
        "app.css": (PackageResources.app_css, "text/css; charset=utf-8"),
        "common.js": (PackageResources.common_js, "text/javascript; charset=utf-8"),
        "scan.js": (PackageResources.scan_js, "text/javascript; charset=utf-8"),
        "cards.js": (PackageResources.cards_js, "text/javascript; charset=utf-8"),
        "show.js": (PackageResources.show_js, "text/javascript; charset=utf-8"),
    ]

    static let pages: [String: [UInt8]] = [
        "scan": PackageResources.scan_html, "cards": PackageResources.cards_html, "show": PackageResources.show_html,
    ]

    func page(_ name: String) -> HTTPResponse {
        guard let bytes = Self.pages[name] else { return .problem(404, "notFound", "no page /\(name)") }
        return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", bytes: bytes)
    }

    func asset(_ name: String) -> HTTPResponse {
        guard let asset = Self.assets[name] else { return .problem(404, "notFound", "no asset \(name)") }
        return HTTPResponse(status: 200, contentType: asset.type, bytes: asset.bytes)
    }
}
