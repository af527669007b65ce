# make send on the fixture: tests/send_roundtrip.sh (the placeholder and
# the missing stamp refused; make sign, make export; b4 send --reflect
# and git send-email to a local SMTP sink) and tests/b4_check.sh (b4 am
# of every posting), as make test runs them on the series.
d=$tmp/send
fixture "$d"
fx "$d" "$S/tree.sh" >/dev/null && fx "$d" "$S/stable.sh" tree >/dev/null
out=$(fx "$d" env BUILD_LOCKED=1 "$TOP/tests/send_roundtrip.sh") # as make test runs it
result "send: the round trip to a local SMTP server, postings and backports" $? "$out"
out=$(fx "$d" "$TOP/tests/b4_check.sh")
result "send: b4 am of every posting gives build/src" $? "$out"
