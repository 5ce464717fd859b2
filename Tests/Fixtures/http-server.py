#!/usr/bin/env python3
"""A local HTTP server for msgsift's network tests (127.0.0.1 only).

Writes its port to --port-file (a line), then serves until killed (or
until its parent goes away, or two minutes pass). Every request is appended
to --log as one JSON line: method, path, the headers msgsift's tests look
at, and the request body.

Routes:
  GET  /lists            --lists file, read per request, with an ETag (a hash of
                         it) and a Last-Modified; 304 when If-None-Match matches
  GET  /lists-lm         the same with only Last-Modified; 304 when If-Modified-Since matches
  GET  /plain            the same file, no validators
  GET  /status/CODE      that status
  GET  /slow?s=N         the file after N seconds
  GET  /truncated        Content-Length larger than what is sent, then the connection closes
  GET  /huge             a chunked body that never ends (until the client leaves)
  GET  /huge-declared    Content-Length of 1 GiB, then bytes until the client leaves
  GET  /not-lists        200 with JSON that is not community lists
  GET  /redirect/N       a chain of N redirects ending at /lists
  GET  /loop             a redirect to itself
  GET  /always-304       304 whatever was asked
  POST /slow?s=N         200 after N seconds
  POST /report           200 {"statusCode":200}
  POST /report/CODE      that status
  POST /report/fail-after/K   200 for the first K requests, then 500
"""
import argparse, hashlib, http.server, json, os, socket, ssl, subprocess, sys, threading, time

# Descriptors inherited from the test process (pipes of other tests' msgsift runs, made at the
# same time) would keep those pipes open, and their readers waiting, as long as this server runs.
os.closerange(3, 4096)

parser = argparse.ArgumentParser()
parser.add_argument("--lists", required=True)
parser.add_argument("--log", required=True)
parser.add_argument("--port-file", required=True)
parser.add_argument("--tls", help="a folder for a self-signed certificate: serve https")
args = parser.parse_args()

LAST_MODIFIED = "Sat, 05 Dec 2026 00:00:00 GMT"
lock = threading.Lock()
reports_seen = [0]


def lists_body():
    with open(args.lists, "rb") as f:
        return f.read()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def record(self, body=b""):
        entry = {"method": self.command, "path": self.path,
                 "headers": {k.lower(): v for k, v in self.headers.items()
                             if k.lower() in ("if-none-match", "if-modified-since", "content-type", "user-agent", "content-length")},
                 "body": body.decode("utf-8", "replace")}
        with lock:
            with open(args.log, "a") as f:
                f.write(json.dumps(entry) + "\n")

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        if status not in (204, 304):
            self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if status not in (204, 304):
            self.wfile.write(body)
        self.close_connection = True

    def do_GET(self):
        self.record()
        path, _, query = self.path.partition("?")
        if path in ("/lists", "/lists-lm", "/plain"):
            body = lists_body()
            etag = '"%s"' % hashlib.sha1(body).hexdigest()[:16]
            if path == "/lists":
                if self.headers.get("If-None-Match") == etag:
                    return self.send(304, headers=[("ETag", etag)])
                return self.send(200, body, [("ETag", etag), ("Last-Modified", LAST_MODIFIED), ("Content-Type", "application/json")])
            if path == "/lists-lm":
                if self.headers.get("If-Modified-Since") == LAST_MODIFIED:
                    return self.send(304)
                return self.send(200, body, [("Last-Modified", LAST_MODIFIED)])
            return self.send(200, body)
        if path.startswith("/status/"):
            return self.send(int(path.split("/")[2]), b"<html>error page</html>")
        if path == "/slow":
            seconds = float(query.split("=")[1]) if "=" in query else 5
            time.sleep(seconds)
            return self.send(200, lists_body())
        if path == "/truncated":
            body = lists_body()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body) + 5000))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        if path == "/huge":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b" " * (1 << 20)
            try:
                for _ in range(1024):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
            return
        if path == "/huge-declared":
            self.send_response(200)
            self.send_header("Content-Length", str(1 << 30))
            self.end_headers()
            try:
                for _ in range(1024):
                    self.wfile.write(b" " * (1 << 20))
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
            return
        if path == "/not-lists":
            return self.send(200, b'{"hello": "world", "filters": []}')
        if path.startswith("/redirect/"):
            n = int(path.split("/")[2])
            return self.send(302, b"", [("Location", "/lists" if n <= 1 else "/redirect/%d" % (n - 1))])
        if path == "/loop":
            return self.send(302, b"", [("Location", "/loop")])
        if path == "/always-304":
            return self.send(304)
        self.send(404, b"not found")

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        self.record(body)
        path, _, query = self.path.partition("?")
        if path == "/slow":
            time.sleep(float(query.split("=")[1]) if "=" in query else 5)
            return self.send(200, b'{"statusCode":200}')
        parts = path.strip("/").split("/")
        with lock:
            reports_seen[0] += 1
            seen = reports_seen[0]
        if parts[:1] != ["report"]:
            return self.send(404, b"not found")
        if len(parts) == 2:
            return self.send(int(parts[1]), b'{"message":"failed"}')
        if len(parts) == 3 and parts[1] == "fail-after":
            if seen > int(parts[2]):
                return self.send(500, b'{"message":"failed"}')
        self.send(200, b'{"statusCode":200}', [("Content-Type", "application/json")])


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


server = Server(("127.0.0.1", 0), Handler)
if args.tls:
    cert, key = os.path.join(args.tls, "cert.pem"), os.path.join(args.tls, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-keyout", key, "-out", cert], check=True, capture_output=True)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)

parent = os.getppid()


def watchdog():
    started = time.time()
    while os.getppid() == parent and time.time() - started < 120:
        time.sleep(0.5)
    os._exit(0)


threading.Thread(target=watchdog, daemon=True).start()
with open(args.port_file + ".new", "w") as f:
    f.write("%d\n" % server.server_address[1])
os.rename(args.port_file + ".new", args.port_file)
server.serve_forever()
