#!/usr/bin/python3
"""The mails b4 writes, read for make tree, make export and make send.

mail.py cover NAME FIRST [cover] PATCH...: the message of b4 prep's
cover commit for posting NAME as make export wrote it: the subject and
text of FIRST, its cover letter ("cover"), or for one patch the text
that b4 put under its "---", under b4's "(no cover subject)"; To:/Cc:
trailers from FIRST's headers, less whom a patch's trailers name (b4
adds them to that patch itself); b4's tracking from X-B4-Tracking.

mail.py same OLD NEW: exit 0 if the two mails differ at most in what b4
makes anew each time: Date, the message ids, the gzip time in
X-B4-Tracking, the order of To and Cc."""
import base64, email, email.policy, email.utils, gzip, json, os, re, sys, time

MARKER = "--- b4-submit-tracking ---"

def read(path, policy=email.policy.default):
    return email.message_from_binary_file(open(path, "rb"), policy=policy)

def tracking(msg):
    """The JSON in msg's X-B4-Tracking header."""
    b64 = re.sub(r"\s", "", str(msg["X-B4-Tracking"])).split("b=", 1)[1]
    return gzip.decompress(base64.b64decode(b64)).decode()

if sys.argv[1] == "same":
    def norm(path):
        msg = read(path, email.policy.compat32)
        for h in ("Date", "Message-Id", "In-Reply-To", "References"):
            del msg[h]
        if msg["X-B4-Tracking"]:
            msg.replace_header("X-B4-Tracking", tracking(msg))
        for h in ("To", "Cc"):  # the same people, in any order
            people = sorted(a.lower() for _, a in email.utils.getaddresses(msg.get_all(h, [])))
            del msg[h]
            msg[h] = ", ".join(people)
        return msg.as_bytes()
    sys.exit(norm(sys.argv[2]) != norm(sys.argv[3]))

name, first, kind, patches = sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
msg = read(first)
new = {"series": {"revision": 1, "change-id": f"{time.strftime('%Y%m%d')}-{name}-{os.urandom(6).hex()}", "prefixes": []}}
tracked = json.loads(tracking(msg)) if msg["X-B4-Tracking"] else new

text = notes = ""
if kind == "cover":
    subject = re.sub(r"^\[[^]]*\]\s*", "", " ".join(str(msg["Subject"]).split()))
    lines = msg.get_content().split("\n")
    # The text, "---", shortlog and diffstat, "---", base-commit: ...
    end = next((i for i, l in enumerate(lines) if l.startswith("base-commit: ")), 0)
    cuts = [i for i in range(end) if lines[i] == "---"]
    if len(cuts) < 2:
        sys.exit(f"error: {first} is no cover letter that b4 send -o wrote (no shortlog, base-commit:)")
    # The text's own "---" parts (a changelog) go after To:/Cc:, as b4's.
    own = cuts[0] if cuts[0] < cuts[-2] else cuts[-2]
    text = subject + "\n\n" + "\n".join(lines[:own]).strip("\n") + "\n\n"
    if own < cuts[-2]:
        notes = "\n" + "\n".join(lines[own: cuts[-2]]).strip("\n") + "\n"
elif len(patches) == 1:
    # The message, "---", the text, "---", the diffstat (or diff).
    parts = re.split(r"^---\n", msg.get_content().split("\n---\n", 1)[-1], flags=re.M)
    end = next((i for i, p in enumerate(parts) if re.search(r"^ \S.* \| +\d+|^diff --git ", p, re.M)), 0)
    parts = [p.strip("\n") for p in parts[:end]]
    if parts:
        text = "(no cover subject)\n\n" + parts[0] + "\n\n"
        notes = "".join("---\n" + p + "\n" for p in parts[1:])

# A person whom a patch's trailers name goes to that patch by b4's doing;
# one on a patch that does not name them is a recipient of the posting.
named, kept = set(), set()
for path in patches:
    mail = read(path)
    # b4 takes trailers from the notes under "---" too.
    body = mail.get_content().split("\ndiff --git ", 1)[0]
    # The value of each trailer, less a comment ("Cc: stable@... # v6.12+").
    values = [v.split(" #")[0] for v in re.findall(r"^[A-Za-z][\w-]*: (.*)$", body, re.M)]
    these = {a.lower() for _, a in email.utils.getaddresses(values) if "@" in a and "/" not in a}
    named |= these
    kept |= {a.lower() for _, a in email.utils.getaddresses(
        [str(v) for f in ("To", "Cc") for v in mail.get_all(f, [])])} - these
named -= kept
trailers = ""
for field in ("To", "Cc"):
    for name, addr in email.utils.getaddresses([str(v) for v in msg.get_all(field, [])]):
        if addr and addr.lower() not in named:
            trailers += f"{field}: {email.utils.formataddr((name, addr))}\n"
sys.stdout.write(text + trailers + notes + "\n" + MARKER + "\n# This section is used internally by b4 prep for tracking purposes.\n" + json.dumps(tracked, indent=2) + "\n")
