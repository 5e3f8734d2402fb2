#!/bin/bash
# Peak memory of a remote deploy of 2,000 files / 40 MB: the CLI (GNU time) and the server (VmRSS sampled every 50 ms),
# against the server's usual RSS after a warm-up. Run after `npm run build`; needs /usr/bin/time and curl. See docs/publishing.md.
# Both run as a user runs them: the executable, whose first line gives Node its flags.
set -e
cd "$(dirname "$0")/.."
W=$(mktemp -d /tmp/petstore-mem-XXXX)
export DATABASE_URL=sqlite:$W/db.sqlite
bin/petstore projects create shop --plan pro >/dev/null
printf 'a member password 123\n' | bin/petstore users create m@example.test --password-stdin >/dev/null
bin/petstore projects add-member shop m@example.test >/dev/null
# 2,000 files, 20,000 bytes each (40 MB), incompressible
node -e "
const fs=require('fs'),c=require('crypto');const d='$W/site';fs.mkdirSync(d);
fs.writeFileSync(d+'/index.html','<h1>big</h1>');
for(let i=0;i<1999;i++){const sub=d+'/d'+(i%20);fs.mkdirSync(sub,{recursive:true});fs.writeFileSync(sub+'/f'+i+'.bin',c.randomBytes(20000));}
"
du -sb $W/site | cut -f1
PORT=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
PORT=$PORT HOST=127.0.0.1 LOG_LEVEL=warn bin/petstore serve &
SP=$!
for i in $(seq 1 100); do curl -sf http://127.0.0.1:$PORT/healthz >/dev/null && break; sleep 0.2; done
H=$W/home; mkdir -p $H
printf 'a member password 123\n' | env -u DATABASE_URL HOME=$H bin/petstore login --url http://127.0.0.1:$PORT --email m@example.test --password-stdin
# warm-up: a small remote deploy and some reads, then the usual figure
mkdir -p $W/small && echo '<h1>s</h1>' > $W/small/index.html
env -u DATABASE_URL HOME=$H bin/petstore deploy shop $W/small --json >/dev/null
for i in $(seq 1 50); do curl -s -H "Host: shop.localhost" http://127.0.0.1:$PORT/ >/dev/null; done
sleep 1
echo "server usual RSS: $(grep VmRSS /proc/$SP/status)"
echo "server HWM before: $(grep VmHWM /proc/$SP/status)"
env -u DATABASE_URL HOME=$H /usr/bin/time -v bin/petstore deploy shop $W/site --json 2>$W/time.txt >/dev/null &
CP=$!; PEAK=0; while kill -0 $CP 2>/dev/null; do R=$(grep VmRSS /proc/$SP/status | awk "{print \$2}"); [ "$R" -gt "$PEAK" ] && PEAK=$R; sleep 0.05; done; echo "server peak RSS during deploy: $PEAK kB"
grep "Maximum resident" $W/time.txt
grep "Elapsed" $W/time.txt
echo "server HWM after: $(grep VmHWM /proc/$SP/status)"
echo "server RSS after: $(grep VmRSS /proc/$SP/status)"
kill $SP; wait $SP 2>/dev/null || true
rm -rf $W
