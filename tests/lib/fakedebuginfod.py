#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Misbehaving debuginfod servers for tests/debuginfod.t.

  fakedebuginfod.py PORTFILE serve FILE   answer every /buildid/*/debuginfo
                                          with FILE (whatever its build-id),
                                          404 to anything else
  fakedebuginfod.py PORTFILE silent       accept connections, never answer
  fakedebuginfod.py PORTFILE trickle      answer 200 with a 100 MB length,
                                          then 32 KB every 0.2 s, forever
                                          (faster than libdebuginfod's
                                          100 KB per DEBUGINFOD_TIMEOUT)

The port (bound on 127.0.0.1, chosen by the kernel) is written to PORTFILE
once the server listens.  Requests are counted in PORTFILE.log, one line
each.  Runs until killed.
"""
import http.server
import os
import socket
import sys
import time


def main():
    portfile, mode = sys.argv[1], sys.argv[2]
    log = open(portfile + ".log", "a", buffering=1)
    if mode == "silent":
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", 0))
        s.listen(64)
        write_port(portfile, s.getsockname()[1])
        held = []
        while True:
            c, _ = s.accept()
            log.write("accept\n")
            held.append(c)
    body = open(sys.argv[3], "rb").read() if mode == "serve" else b""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            log.write(self.path + "\n")
            parts = self.path.split("/")
            if mode == "trickle":
                self.send_response(200)
                self.send_header("Content-Length", str(100 << 20))
                self.end_headers()
                try:
                    while True:
                        self.wfile.write(b"\0" * 32768)
                        self.wfile.flush()
                        time.sleep(0.2)
                except OSError:
                    return
            if len(parts) == 4 and parts[1] == "buildid" and \
                    parts[3] == "debuginfo":
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            else:
                self.send_error(404)

        def log_message(self, *args):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    write_port(portfile, srv.server_address[1])
    srv.serve_forever()


def write_port(portfile, port):
    tmp = portfile + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % port)
    os.rename(tmp, portfile)


if __name__ == "__main__":
    main()
