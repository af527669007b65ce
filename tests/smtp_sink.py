#!/usr/bin/python3
"""A local SMTP sink for tests/send_roundtrip.sh (python3-aiosmtpd).

usage: smtp_sink.py MBOX PORTFILE [LIFETIME_SECONDS]

Listens on 127.0.0.1 on a free port and writes that port to PORTFILE once
it listens.  Appends every mail, byte for byte (CRLF turned into LF), to
MBOX in mboxrd format ('From ' lines escaped, for git am --patch-format=
mboxrd), with the SMTP envelope as X-Envelope-From / X-Envelope-To
headers in front.  Stops by itself after LIFETIME_SECONDS (default 600).
"""
import asyncio
import os
import re
import sys

from aiosmtpd.smtp import SMTP


class Sink:
    def __init__(self, path):
        self.path = path
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        data = envelope.original_content.replace(b"\r\n", b"\n")
        data = re.sub(rb"(?m)^(>*From )", rb">\1", data)
        if not data.endswith(b"\n"):
            data += b"\n"
        head = (b"From mboxrd@z Thu Jan  1 00:00:00 1970\n"
                + b"X-Envelope-From: " + envelope.mail_from.encode() + b"\n"
                + b"X-Envelope-To: " + ", ".join(envelope.rcpt_tos).encode() + b"\n")
        with open(self.path, "ab") as f:
            f.write(head + data + b"\n")
        return "250 OK"


async def main(mbox, portfile, lifetime):
    loop = asyncio.get_running_loop()
    sink = Sink(mbox)
    server = await loop.create_server(
        lambda: SMTP(sink, hostname="localhost"),
        "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    with open(portfile + ".tmp", "w") as f:
        f.write(f"{port}\n")
    os.replace(portfile + ".tmp", portfile)
    try:
        await asyncio.wait_for(server.serve_forever(), lifetime)
    except asyncio.TimeoutError:
        print(f"smtp_sink: {lifetime}s are up, stopping", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    asyncio.run(main(sys.argv[1], sys.argv[2],
                     float(sys.argv[3]) if len(sys.argv) == 4 else 600))
