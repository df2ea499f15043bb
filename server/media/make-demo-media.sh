#!/usr/bin/env bash
# Regenerates the demo HLS media committed under server/media/files/ (`npm run media:make`).
#
# A developer tool: it needs ffmpeg (Debian: `apt-get install -y ffmpeg`); nothing at run time does. The output
# is deterministic for a given ffmpeg build (single-threaded x264, bit-exact muxing, no wall-clock metadata).
#
#   pattern-a, pattern-b, pattern-c   24 s test patterns (testsrc2, smptebars, mandelbrot) with a tone: the sources
#                                     every event, VOD item and clip plays, looped (server/media/timeline.ts).
#                                     24 s is 600 video frames at 25 fps and, with the encoder's one priming frame,
#                                     1125 AAC frames at 48 kHz (the tone stops 1024 samples early), so a loop
#                                     joins with neither a gap nor an overlap.
#   preroll-1 .. preroll-3            5 s labelled prerolls, played once.
#   pattern-*/poster-1..3.jpg         frames at 3 s, 11 s and 19 s of each pattern: the posters of the VOD items and
#                                     replays that play it (served under /media/posters/). `posters` as the only
#                                     argument takes them again from the committed streams without re-encoding.
#   pattern-*/captions.{en,fr}.vtt    the cues of each pattern's English and French subtitles, one a second: what is
#                                     on screen, the running clock the picture shows and the tone. The server cuts
#                                     them into the streams' WebVTT segments (server/media/captions.ts). Text only:
#                                     `captions` as the only argument writes them without ffmpeg.
#
# Every stream: 426x240 H.264 baseline (~100 kbit/s, a keyframe every 2 s) + mono AAC 32 kbit/s, MPEG-TS
# segments of exactly 2 s (the last preroll segment is 1 s), a VOD playlist `index.m3u8`. Segment files are named
# `.mpegts` (an MPEG-TS extension ffmpeg's HLS reader accepts) rather than `.ts`, which tsc, ESLint and knip would
# read as TypeScript; the server serves them as `seg-NNN.ts`, video/mp2t (server/media/library.ts).
set -euo pipefail

cd "$(dirname "$0")"
OUT=files

# name, letter, tone frequency, English picture, French picture: 24 one-second cues per language.
captions() {
  local name=$1 letter=$2 tone=$3 en=$4 fr=$5 lang s clock
  for lang in en fr; do
    {
      printf 'WEBVTT\n'
      for ((s = 0; s < 24; s++)); do
        clock=$(printf '0:%02d' "$s")
        printf '\n%s-%s-%02d\n00:00:%02d.000 --> 00:00:%02d.000\n' "$name" "$lang" "$s" "$s" "$((s + 1))"
        if [ "$lang" = en ]; then
          printf 'Test pattern %s · %s\n' "$letter" "$clock"
          if ((s % 8 < 4)); then printf '%s\n' "$en"; else printf '[steady %s Hz tone, a beep every second]\n' "$tone"; fi
        else
          printf 'Mire de test %s · %s\n' "$letter" "$clock"
          if ((s % 8 < 4)); then printf '%s\n' "$fr"; else printf '[tonalité continue de %s Hz, un bip par seconde]\n' "$tone"; fi
        fi
      done
    } >"$OUT/$name/captions.$lang.vtt"
  done
}
all_captions() {
  captions pattern-a A 440 '(moving colour bars and gradients)' '(barres de couleur et dégradés en mouvement)'
  captions pattern-b B 660 '(SMPTE colour bars)' '(barres de couleur SMPTE)'
  captions pattern-c C 880 '(a Mandelbrot fractal, zooming in)' '(une fractale de Mandelbrot, en zoom avant)'
}

if [ "${1:-}" = captions ]; then
  all_captions
  exit 0
fi
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

if ! command -v ffmpeg >/dev/null || ! command -v ffprobe >/dev/null; then
  echo "ffmpeg and ffprobe are needed (Debian: apt-get install -y ffmpeg)" >&2
  exit 1
fi

# Labels need drawtext (libfreetype) and a font; without them the patterns still differ, unlabelled.
# (The filter list is read whole first: `grep -q` closing the pipe early would fail it under pipefail.)
FILTERS=$(ffmpeg -hide_banner -filters 2>/dev/null)
DRAWTEXT=0
if [[ $FILTERS == *" drawtext "* && -f $FONT ]]; then DRAWTEXT=1; else echo "no drawtext or font: the media will be unlabelled" >&2; fi
label() { # text, size, y
  if [ "$DRAWTEXT" = 1 ]; then
    printf ",drawtext=fontfile=%s:text='%s':fontsize=%s:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=6:x=(w-text_w)/2:y=%s" \
      "$FONT" "$1" "$2" "$3"
  fi
}

# name, seconds, video source (lavfi), video filters, tone frequency
make() {
  local name=$1 seconds=$2 video=$3 filters=$4 tone=$5
  rm -rf "${OUT:?}/$name"
  mkdir -p "$OUT/$name"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "$video" \
    -f lavfi -i "sine=frequency=$tone:beep_factor=2:sample_rate=48000" \
    -t "$seconds" \
    -vf "format=yuv420p$filters" -r 25 \
    -af "atrim=end_sample=$((seconds * 48000 - 1024))" \
    -c:v libx264 -profile:v baseline -level:v 3.0 -preset veryfast -threads 1 \
    -b:v 100k -maxrate 120k -bufsize 200k -g 50 -keyint_min 50 -sc_threshold 0 -x264-params "rc-lookahead=0" \
    -c:a aac -b:a 32k -ac 1 -ar 48000 \
    -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -f hls -hls_time 2 -hls_playlist_type vod -hls_list_size 0 \
    -hls_segment_filename "$OUT/$name/seg-%03d.mpegts" "$OUT/$name/index.m3u8"
  # Fails the run when ffmpeg wrote something a player could not read.
  ffprobe -v error -show_entries format=duration -of csv=p=0 "$OUT/$name/index.m3u8" >/dev/null
}

# name: three JPEG frames of an encoded pattern, at 3, 11 and 19 s.
posters() {
  local name=$1 n=1
  for at in 3 11 19; do
    ffmpeg -hide_banner -loglevel error -y -ss "$at" -i "$OUT/$name/index.m3u8" -frames:v 1 -q:v 3 \
      -map_metadata -1 -fflags +bitexact -flags:v +bitexact "$OUT/$name/poster-$n.jpg"
    n=$((n + 1))
  done
}

if [ "${1:-}" = posters ]; then
  for name in pattern-a pattern-b pattern-c; do posters "$name"; done
  exit 0
fi

SIZE=426x240
make pattern-a 24 "testsrc2=size=$SIZE:rate=25" "$(label 'PATTERN A  %{pts\:hms}' 20 h-40)" 440
make pattern-b 24 "smptebars=size=$SIZE:rate=25" "$(label 'PATTERN B  %{pts\:hms}' 20 h-40)" 660
make pattern-c 24 "mandelbrot=size=$SIZE:rate=25" "$(label 'PATTERN C  %{pts\:hms}' 20 h-40)" 880
for name in pattern-a pattern-b pattern-c; do posters "$name"; done
all_captions

make preroll-1 5 "color=c=0x1f4e9c:size=$SIZE:rate=25" "$(label 'PREROLL 1' 36 '(h-text_h)/2-20')$(label 'Your ad here' 18 '(h+text_h)/2+20')" 523
make preroll-2 5 "color=c=0x9c1f3a:size=$SIZE:rate=25" "$(label 'PREROLL 2' 36 '(h-text_h)/2-20')$(label 'Your ad here' 18 '(h+text_h)/2+20')" 587
make preroll-3 5 "color=c=0x1f7a3c:size=$SIZE:rate=25" "$(label 'PREROLL 3' 36 '(h-text_h)/2-20')$(label 'Your ad here' 18 '(h+text_h)/2+20')" 659

for dir in "$OUT"/*/; do
  printf '%-12s %s s\n' "$(basename "$dir")" "$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$dir/index.m3u8")"
done
du -sh "$OUT"
