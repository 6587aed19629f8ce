"""A real Redis for the tests: Debian's ``redis-server`` on a free port of
127.0.0.1, its files in a temporary directory, append-only file on with a
flush before every answer (as docs/deploy.md sets it up), stopped after."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

from online import free_port

REDIS_SERVER = "/usr/bin/redis-server"
TIMEOUT = 20.0


def available() -> bool:
    return Path(REDIS_SERVER).exists() or shutil.which("redis-server") is not None


class RedisProcess:
    def __init__(self, directory: Path, port: int | None = None):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "RedisProcess":
        executable = REDIS_SERVER if Path(REDIS_SERVER).exists() else shutil.which("redis-server")
        assert executable, "redis-server is installed (python3 build.py test installs it)"
        command = [executable, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.directory),
                   "--appendonly", "yes", "--appendfsync", "always", "--save", "",
                   "--daemonize", "no", "--protected-mode", "yes", "--logfile", "redis.log"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server stopped at start:\n{self.log()}")
            if self._ping():
                return self
            time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start:\n{self.log()}")

    def _ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as connection:
                connection.sendall(b"PING\r\n")
                return connection.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def log(self) -> str:
        path = self.directory / "redis.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def kill(self) -> None:
        """SIGKILL: no last write; what the append-only file holds is all that stays."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def restart(self) -> "RedisProcess":
        """Killed, then started again on the same port from its files."""
        self.kill()
        return self.start()
