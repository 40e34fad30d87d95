"""The how-to's nginx configuration, run as written: TLS, WebSockets, two workers behind it.

``docs/how-to/nginx-tongiaki.conf`` is read, its ports, upstream and
certificate paths pointed at this test's (a self-signed certificate made
with openssl), and run by Debian's nginx in front of ``tongiaki serve
--workers 2``. Skipped without nginx or openssl.
"""

from __future__ import annotations

import json
import os
import shutil
import ssl
import subprocess
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
httpx = pytest.importorskip("httpx", reason="the test talks HTTP with httpx")
pytest.importorskip("uvicorn", reason="the test runs the real server")
websockets = pytest.importorskip("websockets.sync.client", reason="the WebSocket client")

from .live import free_port, http_client, live_server  # noqa: E402

CONFIG = Path(__file__).resolve().parents[2] / "docs" / "how-to" / "nginx-tongiaki.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
HOST = "games.example.org"

if not Path(NGINX).exists() or shutil.which("openssl") is None:
    pytest.skip("needs nginx and openssl (Debian: apt-get install nginx)", allow_module_level=True)


def _nginx_conf(folder: Path, upstream: int, http: int, https: int) -> Path:
    site = CONFIG.read_text()
    for old, new in (
        ("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};"),
        ("listen 80;", f"listen 127.0.0.1:{http};"),
        ("listen 443 ssl;", f"listen 127.0.0.1:{https} ssl;"),
        (f"/etc/letsencrypt/live/{HOST}/fullchain.pem", str(folder / "cert.pem")),
        (f"/etc/letsencrypt/live/{HOST}/privkey.pem", str(folder / "key.pem")),
    ):
        assert old in site, f"the how-to's configuration no longer has {old!r}"
        site = site.replace(old, new)
    (folder / "site.conf").write_text(site)
    temp = folder / "temp"
    temp.mkdir()
    main = folder / "nginx.conf"
    main.write_text(
        ("user root;\n" if os.geteuid() == 0 else "")
        + f"daemon off;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        + "events {}\nhttp {\n"
        + f"  access_log {folder}/access.log;\n"
        + "".join(
            f"  {kind}_temp_path {temp}/{kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        + f"  include {folder}/site.conf;\n}}\n"
    )
    return main


def test_the_documented_nginx_configuration_serves_https_and_websockets(tmp_path: Path) -> None:
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", f"/CN={HOST}", "-keyout", str(tmp_path / "key.pem"),
         "-out", str(tmp_path / "cert.pem")],
        check=True, capture_output=True,
    )  # fmt: skip
    # the WebSocket client names the host it dials (127.0.0.1): allow that name too
    options = ("--workers", "2", "--allow-host", HOST, "--allow-host", "127.0.0.1")
    options += ("--trust-proxy", "127.0.0.1")
    with live_server(tmp_path / "games.sqlite3", *options) as (_server, base):
        upstream = int(base.rsplit(":", 1)[1])
        http, https = free_port(), free_port()
        conf = _nginx_conf(tmp_path, upstream, http, https)
        proxy = subprocess.Popen([NGINX, "-c", str(conf)], stderr=subprocess.PIPE)
        try:
            url = f"https://127.0.0.1:{https}"
            client = httpx.Client(base_url=url, verify=False, headers={"Host": HOST}, timeout=30)
            deadline = time.monotonic() + 20
            while True:
                try:
                    assert client.get("/api/health").json() == {"storage": {"writable": True}}
                    break
                except (httpx.TransportError, AssertionError):
                    if time.monotonic() > deadline or proxy.poll() is not None:
                        raise
                    time.sleep(0.2)
            plain = http_client().get(f"http://127.0.0.1:{http}/", headers={"Host": HOST})
            assert plain.status_code == 301
            assert plain.headers["location"] == f"https://{HOST}/"
            answer = client.get("/")
            assert answer.status_code == 200
            assert answer.headers["strict-transport-security"] == "max-age=31536000"
            body = {"players": 2, "seats": {"1": "greedy"}, "seat": 0, "seed": 1}
            game = client.post("/api/games", json=body).json()
            gid, token = game["id"], game["token"]
            insecure = ssl.create_default_context()
            insecure.check_hostname = False
            insecure.verify_mode = ssl.CERT_NONE
            with websockets.connect(
                f"wss://127.0.0.1:{https}/api/games/{gid}/ws",
                ssl=insecure,
            ) as socket:
                socket.send(json.dumps({"type": "hello", "token": None}))
                first = json.loads(socket.recv(timeout=10))["view"]["moves"]
                auth = {"Authorization": f"Bearer {token}"}
                moved = client.post(
                    f"/api/games/{gid}/actions", json={"action": 0, "expect_move": first},
                    headers=auth,
                )  # fmt: skip
                assert moved.status_code == 200, moved.text
                # the move, then the bot's reply: pushed one by one, or as one view when the
                # reply is stored before the socket is written to
                pushed = json.loads(socket.recv(timeout=10))
                while pushed["view"]["moves"] < moved.json()["moves"]:
                    pushed = json.loads(socket.recv(timeout=10))
                assert pushed["view"]["moves"] >= moved.json()["moves"] > first
        finally:
            proxy.terminate()
            proxy.wait(timeout=10)
            if proxy.stderr is not None:
                proxy.stderr.close()
