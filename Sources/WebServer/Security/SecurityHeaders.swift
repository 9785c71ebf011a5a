/// Headers on every answer. The Content-Security-Policy allows only this server's own script, style, images and
/// connections (no inline script, no other site, no framing), so injected markup could run nothing. Answers hold
/// health numbers: never cached, never sent on as a referrer (the first URL holds the token).
enum SecurityHeaders {
    static let all: [(name: String, value: String)] = [
        ("Content-Security-Policy",
         "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; "
            + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]
}
