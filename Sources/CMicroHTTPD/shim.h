// libmicrohttpd for Swift. MHD_start_daemon takes its options as C varargs, which Swift cannot call, so one
// fixed-signature wrapper starts a daemon with the only options cardscan uses. Nothing else lives here: the
// server is Swift (Sources/WebServer/HTTP/HTTPServer.swift, the one type that holds these pointers).
#ifndef CARDSCAN_CMICROHTTPD_SHIM_H
#define CARDSCAN_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/// Starts a daemon: one thread per connection (a Server-Sent Events stream may wait in its reader callback for the
/// next event without holding up other requests), listening on `address`, at most `connectionLimit` connections,
/// each closed after `timeoutSeconds` without traffic, `completed` called when a request is done (it frees what
/// the access handler kept for the request). The corresponding C function is `MHD_start_daemon`.
static inline struct MHD_Daemon *cmhd_start(unsigned int flags, const struct sockaddr *address,
                                            MHD_AccessHandlerCallback handler, void *handlerContext,
                                            MHD_RequestCompletedCallback completed, void *completedContext,
                                            unsigned int connectionLimit, unsigned int timeoutSeconds) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handlerContext,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completedContext,
                            MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeoutSeconds,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose when asked for port 0); 0 when unknown.
/// MHD_get_daemon_info is variadic too. The corresponding C function is `MHD_get_daemon_info`.
static inline unsigned int cmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

#endif
