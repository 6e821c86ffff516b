#!/bin/sh
# Regenerates test/fixtures/user-keys/: public keys made by OpenSSH and GnuPG, with the fingerprints those tools
# print, so the sandbox's own key parsing is checked against the tools' answers. Needs ssh-keygen and gpg.
set -eu
OUT="$(dirname "$0")/../test/fixtures/user-keys"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"
for t in ed25519 rsa ecdsa; do
  ssh-keygen -q -t "$t" -N '' -C "sandbox-$t@example.com" -f "$TMP/$t"
  cp "$TMP/$t.pub" "$OUT/$t.pub"
  ssh-keygen -l -E sha256 -f "$TMP/$t.pub" | cut -d' ' -f2 > "$OUT/$t.sha256"
  ssh-keygen -l -E md5 -f "$TMP/$t.pub" | cut -d' ' -f2 | sed 's/^MD5://' > "$OUT/$t.md5"
done
export GNUPGHOME="$TMP/gnupg"
mkdir -m 700 "$GNUPGHOME"
gpg --batch --quiet --passphrase '' --quick-generate-key 'Sandbox Demo <demo@example.com>' ed25519 sign never
gpg --batch --armor --export demo@example.com > "$OUT/demo.asc"
gpg --batch --with-colons --fingerprint demo@example.com | awk -F: '$1 == "fpr" { print $10; exit }' > "$OUT/demo.fpr"
