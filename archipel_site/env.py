"""What the tests and the table server run in: .venv with the pinned
packages, and Debian's packages they need (venv, Chromium, Redis, nginx)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .paths import CHROMIUM, NGINX, REDIS_SERVER, REQUIREMENTS, VENV, VENV_STAMPS, log, sha256_bytes


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv(*requirements: Path) -> Path:
    """.venv with the pinned packages of `requirements` (the test tools by
    default), each file installed again only when it or the Python version
    changed."""
    requirements = requirements or (REQUIREMENTS,)
    wanted = {path: sha256_bytes(path.read_bytes() + sys.version.encode()) for path in requirements}
    python = venv_python()

    def stamp(path: Path) -> Path:
        return VENV_STAMPS / f"{path.name}.sha256"

    missing = [path for path in requirements
               if not (stamp(path).exists() and stamp(path).read_text().strip() == wanted[path])]
    if python.exists() and not missing:
        return python
    if python.exists():
        same_python = subprocess.run(
            [str(python), "-c", "import sys; print(sys.version)"], capture_output=True, text=True
        ).stdout.strip() == sys.version.strip()
        if not same_python:
            shutil.rmtree(VENV)
            missing = list(requirements)
    if not python.exists():
        log("creating .venv")
        ensure_venv_module()
        if subprocess.run([sys.executable, "-m", "venv", str(VENV)]).returncode != 0:
            shutil.rmtree(VENV, ignore_errors=True)  # never leave a venv without pip
            sys.exit("[build] could not create .venv")
    pip = [str(python), "-m", "pip", "--disable-pip-version-check", "--quiet"]
    VENV_STAMPS.mkdir(exist_ok=True)
    for path in missing:
        log(f"installing {path.name} into .venv")
        subprocess.run(pip + ["install", "-r", str(path)], check=True)
        stamp(path).write_text(wanted[path] + "\n")
    return python


def ensure_venv_module() -> None:
    """Debian ships `venv` without `ensurepip` unless python3-venv is installed."""
    try:
        import ensurepip  # noqa: F401
        return
    except ImportError:
        pass
    package = f"python3.{sys.version_info.minor}-venv"
    apt_install(package, f"the Python venv module (Debian package {package})")


def apt_install(package: str, what: str) -> None:
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        sys.exit(f"[build] missing {what}: install it with `sudo apt-get install -y {package}`")
    log(f"installing {what} with apt-get")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", package], check=True, env=env)


def ensure_debian(path: Path, package: str, what: str) -> None:
    """``path`` from Debian's ``package`` (``what`` it is for), installed
    when missing."""
    if path.exists():
        return
    apt_install(package, f"{what} ({path})")
    if not path.exists():
        sys.exit(f"[build] apt-get installed {package} but {path} is still missing")


def ensure_chromium() -> None:
    ensure_debian(CHROMIUM, "chromium", "Chromium for the browser tests")


def ensure_redis() -> None:
    """Debian's redis-server, which the table server's tests start on a free
    port of their own (never the system's service)."""
    ensure_debian(REDIS_SERVER, "redis-server", "Redis for the table server's tests")


def ensure_nginx() -> None:
    """Debian's nginx, which the tests of several servers put in front of
    them, with deploy/nginx-archipel.conf."""
    ensure_debian(NGINX, "nginx", "nginx for the table servers' tests")
