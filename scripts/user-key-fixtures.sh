#!/bin/sh
# Regenerates test/fixtures/user-keys/: public keys made by OpenSSH and GnuPG, with the fingerprints those tools
# print, so the sandbox's own key parsing is checked against the tools' answers. Needs ssh-keygen and gpg.
set -eu
OUT="$(dirname "$0")/../test/fixtures/user-keys"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"
for t in ed25519 rsa ecdsa ed25519-b; do
  ssh-keygen -q -t "${t%-b}" -N '' -C "sandbox-$t@example.com" -f "$TMP/$t"
  cp "$TMP/$t.pub" "$OUT/$t.pub"
  ssh-keygen -l -E sha256 -f "$TMP/$t.pub" | cut -d' ' -f2 > "$OUT/$t.sha256"
  ssh-keygen -l -E md5 -f "$TMP/$t.pub" | cut -d' ' -f2 | sed 's/^MD5://' > "$OUT/$t.md5"
done
export GNUPGHOME="$TMP/gnupg"
mkdir -m 700 "$GNUPGHOME"
for who in demo alice bob root; do
  gpg --batch --quiet --passphrase '' --quick-generate-key "Sandbox $who <$who@example.com>" ed25519 sign never 2>/dev/null
  gpg --batch --armor --export "$who@example.com" > "$OUT/$who.asc"
  gpg --batch --with-colons --fingerprint "$who@example.com" | awk -F: '$1 == "fpr" { print $10; exit }' > "$OUT/$who.fpr"
done
