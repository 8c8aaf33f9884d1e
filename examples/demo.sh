#!/usr/bin/env bash
# What bridgeio does, in a few seconds, on files this project made itself (examples/).
set -euo pipefail
cd "$(dirname "$0")/.."
out=demo-out
rm -rf "$out" && mkdir -p "$out"
step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; "$@"; }

step bridgeio formats
step bridgeio info examples/deals.pbn
step bridgeio convert examples/deals.pbn "$out/deals.zrd"
step bridgeio convert "$out/deals.zrd" "$out/deals.zrj" --seat S
step bridgeio convert "$out/deals.zrd" "$out/deals.zbs"
step bridgeio convert "$out/deals.zrd" "$out/deals.zdd"
step bridgeio convert "$out/deals.zbs" "$out/deals.zbd"
step bridgeio info "$out/deals.zrj"
step bridgeio checksum "$out"/deals.*
step bridgeio validate "$out"/deals.*
printf '\n\033[1m$ bridgeio dump %s | head -c 400\033[0m\n' "$out/deals.zrd"
bridgeio dump "$out/deals.zrd" > "$out/deals.json"; head -c 400 "$out/deals.json"; echo
printf '\n\033[1m$ bridgeio convert %s %s   (no tricks in a ZBD: a clear error)\033[0m\n' \
  "$out/deals.zbd" "$out/again.zrd"
bridgeio convert "$out/deals.zbd" "$out/again.zrd" || echo "(exit status $?)"
printf '\n\033[1m$ head -c 100 %s > %s; bridgeio validate %s   (a cut file)\033[0m\n' \
  "$out/deals.zrd" "$out/cut.zrd" "$out/cut.zrd"
head -c 100 "$out/deals.zrd" > "$out/cut.zrd"
bridgeio validate "$out/cut.zrd" || echo "(exit status $?)"

step bridgeio generate --count 8 --seed 1 "$out/new.pbn"
step bridgeio solve "$out/new.pbn" "$out/new.zrd"
step bridgeio info "$out/new.zrd"
step bridgeio info examples/club-game.ACA
printf '\n\033[1m$ bridgeio dump examples/club-game.ACA | head -c 300\033[0m\n'
bridgeio dump examples/club-game.ACA > "$out/club-game.json"; head -c 300 "$out/club-game.json"; echo
step bridgeio anonymize examples/club-game.ACA "$out/anonymous.ACA" --key demo
step bridgeio info "$out/anonymous.ACA"
step bridgeio convert examples/club-game.ACA "$out/club-game.xml"
step bridgeio validate "$out/club-game.xml"
step bridgeio convert "$out/club-game.xml" "$out/club-game-1.2.xml" --usebio-version 1.2
printf '\n\033[1m$ head -n 24 %s\033[0m\n' "$out/club-game-1.2.xml"
head -n 24 "$out/club-game-1.2.xml"
step bridgeio convert examples/club-game.ACA "$out/movement.asc"
step bridgeio info "$out/movement.asc"
step bridgeio analyze "$out/movement.asc"
step bridgeio info examples/tournaments.cbt
step bridgeio validate examples/tournaments.cbt
step bridgeio convert examples/tournaments.cbt "$out/tournaments.csv"
step cat "$out/tournaments.csv"

# The recap a person reads: one HTML page (bridgeio recap prints its path), and what it looks
# like on a desktop and on a phone when Chromium is installed.
step bridgeio recap examples/club-game.ACA --deals examples/deals.pbn -o "$out/recap.html"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$browser" ]; then
  profile=$(mktemp -d)
  for shot in desktop:1280,2200 phone:390,2200; do
    timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync \
      --user-data-dir="$profile" --hide-scrollbars --window-size="${shot#*:}" \
      --screenshot="$PWD/$out/recap-${shot%%:*}.png" "file://$PWD/$out/recap.html" \
      >/dev/null 2>&1 || echo "(chromium could not take the ${shot%%:*} screenshot)"
  done
  rm -rf "$profile"
  printf '\nscreenshots: %s %s\n' "$out/recap-desktop.png" "$out/recap-phone.png"
else
  printf '\n(no screenshots: chromium is not installed)\n'
fi
printf 'open %s in a browser\n' "$PWD/$out/recap.html"

# A results site on the example game: made, served on a free port, the game uploaded through
# the API and published; its address printed, then the server stopped.
site="$out/site"
step bridgeio site init "$site"
step bridgeio site add-club "$site" example "Example Bridge Club"
printf '\n\033[1m$ bridgeio site add-user %s director --club example --password-stdin\033[0m\n' "$site"
printf 'a demo password\n' | bridgeio site add-user "$site" director --club example --password-stdin
port=$(python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf '\n\033[1m$ bridgeio serve %s --port %s &\033[0m\n' "$site" "$port"
bridgeio serve "$site" --port "$port" > "$out/site.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
python - "$port" <<'PYTHON'
import sys, time
import httpx

url = f"http://127.0.0.1:{sys.argv[1]}"
for _ in range(600):
    try:
        httpx.get(url + "/api/clubs")
        break
    except httpx.TransportError:
        time.sleep(0.1)
client = httpx.Client(base_url=url, timeout=60)
client.post("/api/session", json={"user": "director", "password": "a demo password"})
token = client.post("/api/tokens", json={}, headers={"Origin": url}).json()["token"]
with open("examples/club-game.ACA", "rb") as game:
    done = httpx.post(url + "/api/clubs/example/games", headers={"Authorization": f"Bearer {token}"},
                      files={"file": game}, data={"publish": "true"}, timeout=60).json()
print(f"uploaded examples/club-game.ACA: version {done['version']}, {done['status']}, "
      f"{len(done['problems'])} problems")
print(f"a results site ran at {url}/ (the game: {url}{done['url']}, its club: {url}/clubs/example)")
PYTHON
kill "$server"; wait "$server" 2>/dev/null || true
printf 'it is stopped now; bridgeio serve %s starts it again\n' "$site"
