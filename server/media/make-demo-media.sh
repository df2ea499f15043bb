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
# Every stream: 426x240 H.264 Constrained Baseline 3.0 (~100 kbit/s, a keyframe every 2 s) + mono AAC 32 kbit/s,
# MPEG-TS segments of exactly 2 s (the last preroll segment is 1 s), a VOD playlist `index.m3u8`. Segment files are
# named `.mpegts` (an MPEG-TS extension ffmpeg's HLS reader accepts) rather than `.ts`, which tsc, ESLint and knip
# would read as TypeScript; the server serves them as `seg-NNN.ts`, video/mp2t (server/media/library.ts).
#
# The patterns also have a higher rendition in `pattern-*/360p/` (its own `index.m3u8` and `seg-NNN.mpegts`): 640x360
# H.264 Main 3.0 (~220 kbit/s, no B-frames), the same source drawn at that size, the same audio. Every stream offers
# both as an ABR ladder (server/media/captions.ts). The two switch cleanly because they are cut alike: 25 fps, a
# keyframe every 50 frames and nowhere else (`-sc_threshold 0`), segments at the same 2 s boundaries, and (no
# B-frames, so no decoding delay) the same timestamps, which the server checks as it loads them (library.ts).
# Prerolls have the one rendition.
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

# The 240p rendition, the one every stream has (in the source's own folder).
X264_240P=(-profile:v baseline -level:v 3.0 -b:v 100k -maxrate 120k -bufsize 200k)
# The 360p rendition of the patterns (in `360p/`): Main for CABAC's smaller bytes, without B-frames so that its
# timestamps are the 240p's.
X264_360P=(-profile:v main -level:v 3.0 -bf 0 -b:v 220k -maxrate 260k -bufsize 440k)

# folder, seconds, video source (lavfi), video filters, tone frequency, x264 rate and profile options...
encode() {
  local dir=$1 seconds=$2 video=$3 filters=$4 tone=$5
  shift 5
  mkdir -p "$dir"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "$video" \
    -f lavfi -i "sine=frequency=$tone:beep_factor=2:sample_rate=48000" \
    -t "$seconds" \
    -vf "format=yuv420p$filters" -r 25 \
    -af "atrim=end_sample=$((seconds * 48000 - 1024))" \
    -c:v libx264 -preset veryfast -threads 1 "$@" \
    -g 50 -keyint_min 50 -sc_threshold 0 -x264-params "rc-lookahead=0" \
    -c:a aac -b:a 32k -ac 1 -ar 48000 \
    -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -f hls -hls_time 2 -hls_playlist_type vod -hls_list_size 0 \
    -hls_segment_filename "$dir/seg-%03d.mpegts" "$dir/index.m3u8"
  # Fails the run when ffmpeg wrote something a player could not read.
  ffprobe -v error -show_entries format=duration -of csv=p=0 "$dir/index.m3u8" >/dev/null
}

# name, seconds, video source (lavfi), video filters, tone frequency: a stream of one 240p rendition.
make() {
  local name=$1
  rm -rf "${OUT:?}/$name"
  encode "$OUT/$name" "$2" "$3" "$4" "$5" "${X264_240P[@]}"
}

# name, letter, lavfi source, tone frequency: a pattern at 240p, then at 360p with the label in proportion.
pattern() {
  local name=$1 letter=$2 source=$3 tone=$4
  make "$name" 24 "$source=size=426x240:rate=25" "$(label "PATTERN $letter  %{pts\\:hms}" 20 h-40)" "$tone"
  encode "$OUT/$name/360p" 24 "$source=size=640x360:rate=25" "$(label "PATTERN $letter  %{pts\\:hms}" 30 h-60)" "$tone" "${X264_360P[@]}"
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

pattern pattern-a A testsrc2 440
pattern pattern-b B smptebars 660
pattern pattern-c C mandelbrot 880
SIZE=426x240
for name in pattern-a pattern-b pattern-c; do posters "$name"; done
all_captions

make preroll-1 5 "color=c=0x1f4e9c:size=$SIZE:rate=25" "$(label 'PREROLL 1' 36 '(h-text_h)/2-20')$(label 'Your ad here' 18 '(h+text_h)/2+20')" 523
make preroll-2 5 "color=c=0x9c1f3a:size=$SIZE:rate=25" "$(label 'PREROLL 2' 36 '(h-text_h)/2-20')$(label 'Your ad here' 18 '(h+text_h)/2+20')" 587
make preroll-3 5 "color=c=0x1f7a3c:size=$SIZE:rate=25" "$(label 'PREROLL 3' 36 '(h-text_h)/2-20')$(label 'Your ad here' 18 '(h+text_h)/2+20')" 659

for dir in "$OUT"/*/ "$OUT"/*/360p/; do
  printf '%-17s %s s\n' "${dir#"$OUT"/}" "$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$dir/index.m3u8")"
done
du -sh "$OUT"
