"""A real nginx in front of the table servers: Debian's nginx on a free port
of 127.0.0.1, with the site configuration of ``deploy/nginx-archipel.conf``
itself (only its upstream servers, port and name changed), its files in a
temporary directory."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

from online import TIMEOUT, free_port, get

ROOT = Path(__file__).resolve().parents[2]
NGINX = "/usr/sbin/nginx"
SITE = ROOT / "deploy" / "nginx-archipel.conf"


def site_config(port: int, upstreams: list[int]) -> str:
    """The deployed configuration, pointed at these servers and this port."""
    text = SITE.read_text()
    lines = "\n".join(f"    server 127.0.0.1:{upstream} max_fails=1 fail_timeout=5s;" for upstream in upstreams)
    text, count = re.subn(r"(?:    server 127\.0\.0\.1:\d+ [^\n]*\n)+", lines + "\n", text)
    assert count == 1, "the upstream block of deploy/nginx-archipel.conf"
    text, count = re.subn(r"listen \d+;", f"listen 127.0.0.1:{port};", text)
    assert count == 1, "the listen line of deploy/nginx-archipel.conf"
    return text.replace("server_name tables.example.org;", "server_name 127.0.0.1;")


class NginxProcess:
    def __init__(self, directory: Path, upstreams: list[int]):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.upstreams = upstreams
        self.port = free_port()
        self.base = "/"
        self.process: subprocess.Popen | None = None

    # What online.Client and online.create use of a server.
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/api/ws"

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "NginxProcess":
        site = self.directory / "archipel.conf"
        site.write_text(site_config(self.port, self.upstreams))
        temp = self.directory / "temp"
        temp.mkdir(exist_ok=True)
        user = "user root;\n" if os.geteuid() == 0 else ""
        conf = self.directory / "nginx.conf"
        conf.write_text(
            # A page through the proxy holds two connections (its own and
            # the one to its server): 4096 of them serve 2000 pages.
            f"{user}worker_processes 1;\nworker_rlimit_nofile 8192;\ndaemon off;\npid {self.directory}/nginx.pid;\n"
            f"error_log {self.directory}/error.log info;\nevents {{ worker_connections 4096; }}\n"
            f"http {{\n    access_log {self.directory}/access.log;\n"
            + "".join(f"    {kind}_temp_path {temp}/{kind};\n"
                      for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
            + f"    include {site};\n}}\n")
        self.process = subprocess.Popen([NGINX, "-c", str(conf), "-p", str(self.directory)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx stopped at start:\n{self.log()}")
            try:
                if get(self, "api/info")[0] == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"nginx did not start:\n{self.log()}")

    def log(self) -> str:
        path = self.directory / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        # SIGTERM, nginx's fast shutdown: a graceful one (SIGQUIT) would wait
        # for every WebSocket still open, which a finished test no longer needs.
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
