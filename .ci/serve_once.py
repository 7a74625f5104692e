"""CI: start `pnp serve` (the command given), wait for its first line `serving http://HOST:PORT/`,
fetch that page until it answers 200 with the preview's HTML, then stop the server. Exit 0 when
the page answered, 1 with what was seen otherwise. Bounded: at most DEADLINE seconds in all."""
from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

DEADLINE = 180.0


def main(command: list[str]) -> int:
    proc = subprocess.Popen([*command, "serve"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(ln) for ln in proc.stdout], daemon=True).start()
    end = time.monotonic() + DEADLINE
    seen: list[str] = []
    try:
        url = None
        while url is None and time.monotonic() < end and proc.poll() is None:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                continue
            seen.append(line)
            if line.startswith("serving http://"):
                url = line.split()[1]
        while url is not None and time.monotonic() < end and proc.poll() is None:
            try:
                with urllib.request.urlopen(url, timeout=10) as answer:
                    page = answer.read().decode("utf-8", "replace")
                if answer.status == 200 and "<html" in page.lower():
                    print(f"pnp serve answered {url}: {len(page)} characters of HTML")
                    return 0
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.5)  # polling a server that is starting: the deadline bounds it
        print("pnp serve did not answer a page; it said:\n" + "".join(seen), file=sys.stderr)
        return 1
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["pnp"]))
