#!/usr/bin/python3
"""cover.py FIRST [cover] PATCH...: the message of a posting's b4 cover
commit as make export wrote the posting, from the message that b4 prep -n
made (stdin): the cover letter's subject and text when FIRST, the
posting's first mail, is one ("cover"); To:/Cc: trailers from FIRST's
headers, less the people the patches' trailers name (b4 adds those to
each of their patches itself); b4's tracking from its X-B4-Tracking
header (b4 prep's new one if it has none)."""
import base64, email, email.policy, email.utils, gzip, json, re, sys

MARKER = "--- b4-submit-tracking ---"
first, kind, patches = sys.argv[1], sys.argv[2], sys.argv[3:]
fresh = sys.stdin.read()
comment, _, fresh_json = fresh.partition("\n" + MARKER + "\n")[2].partition("\n{")


def read(path):
    return email.message_from_binary_file(open(path, "rb"), policy=email.policy.default)


msg = read(first)
tracking = json.loads("{" + fresh_json)
if msg["X-B4-Tracking"]:
    b64 = re.sub(r"\s", "", str(msg["X-B4-Tracking"])).split("b=", 1)[1]
    tracking = json.loads(gzip.decompress(base64.b64decode(b64)))

text = ""
if kind == "cover":
    subject = re.sub(r"^\[[^]]*\]\s*", "", " ".join(str(msg["Subject"]).split()))
    lines = msg.get_content().split("\n")
    # b4's cover letter: the text, "---", shortlog and diffstat, "---",
    # base-commit: and change-id:, the signature.
    end = next((i for i, l in enumerate(lines) if l.startswith("base-commit: ")), 0)
    cuts = [i for i in range(end) if lines[i] == "---"]
    if len(cuts) < 2:
        sys.exit(f"error: {first} has no shortlog and base-commit: after its text: it is not "
                 "a cover letter that make export wrote; edit the cover letter in the tree "
                 "(b4 prep --edit-cover on its branch) and run make export")
    text = subject + "\n\n" + "\n".join(lines[: cuts[-2]]).strip("\n") + "\n\n"

named = set()
for path in patches:
    body = read(path).get_content().split("\n---\n", 1)[0]
    named.update(a.lower() for a in re.findall(r"^[A-Za-z][\w-]*: .*?<?([^<>\s]+@[^<>\s]+)>?\s*$", body, re.M))
trailers = ""
for field in ("To", "Cc"):
    for name, addr in email.utils.getaddresses([str(v) for v in msg.get_all(field, [])]):
        if addr and addr.lower() not in named:
            trailers += f"{field}: {email.utils.formataddr((name, addr))}\n"
sys.stdout.write(text + trailers + "\n" + MARKER + "\n" + comment + "\n" + json.dumps(tracking, indent=2) + "\n")
