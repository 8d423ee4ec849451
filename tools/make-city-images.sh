#!/usr/bin/env bash
# Draws the four city pictures of the Cities feature (Resources/images/cities/*.jpg) with
# ImageMagick: a sky gradient, a sun or moon, a landmark or two and a row of buildings with lit
# windows. Everything is drawn here from simple shapes; the output is deterministic (bash's
# RANDOM is seeded per city).
#
#   tools/make-city-images.sh [output-directory]
set -euo pipefail

OUT=${1:-"$(cd "$(dirname "$0")/.." && pwd)/Resources/images/cities"}
W=640
H=448
mkdir -p "$OUT"

# Prints -draw arguments for a row of buildings along `ground`, with lit windows.
#   skyline SEED GROUND MIN_HEIGHT MAX_HEIGHT BUILDING_COLOR WINDOW_COLOR
skyline() {
    local seed=$1 ground=$2 min=$3 max=$4 body=$5 window=$6
    RANDOM=$seed
    local x=-10
    while [ "$x" -lt "$W" ]; do
        local width=$((28 + RANDOM % 46))
        local height=$((min + RANDOM % (max - min)))
        local top=$((ground - height))
        printf -- '-fill\n%s\n-draw\nrectangle %d,%d %d,%d\n' "$body" "$x" "$top" "$((x + width))" "$ground"
        local wy=$((top + 8))
        while [ $((wy + 6)) -lt "$ground" ]; do
            local wx=$((x + 5))
            while [ $((wx + 5)) -lt $((x + width - 3)) ]; do
                if [ $((RANDOM % 3)) -eq 0 ]; then
                    printf -- '-fill\n%s\n-draw\nrectangle %d,%d %d,%d\n' "$window" "$wx" "$wy" "$((wx + 4))" "$((wy + 5))"
                fi
                wx=$((wx + 9))
            done
            wy=$((wy + 11))
        done
        x=$((x + width + 2 + RANDOM % 6))
    done
}

draw() {
    local name=$1
    shift
    local -a args=()
    while IFS= read -r line; do args+=("$line"); done
    convert -size ${W}x${H} "$@" "${args[@]}" -strip -interlace Plane -quality 80 "$OUT/$name.jpg"
    echo "$OUT/$name.jpg: $(stat -c %s "$OUT/$name.jpg") bytes"
}

# Tokyo at dusk: Mount Fuji far away, a red lattice tower, a dense skyline.
{
    printf -- '-fill\n#f6c28b\n-draw\ncircle 150,250 150,214\n'
    printf -- '-fill\n#5b4b8a\n-draw\npolygon 290,448 470,215 500,222 520,214 700,448\n'
    printf -- '-fill\n#eef0ff\n-draw\npolygon 455,228 470,215 500,222 520,214 540,232 518,236 500,230 478,238\n'
    skyline 11 448 70 190 '#231a3d' '#ffd36e'
    printf -- '-stroke\n#e4472f\n-strokewidth\n5\n-fill\nnone\n-draw\nline 290,448 330,120\n-draw\nline 370,448 330,120\n'
    printf -- '-strokewidth\n3\n-draw\nline 300,370 360,370\n-draw\nline 310,290 350,290\n-draw\nline 318,220 342,220\n'
    printf -- '-draw\nline 300,370 350,290\n-draw\nline 360,370 310,290\n-draw\nline 310,290 342,220\n-draw\nline 350,290 318,220\n'
    printf -- '-stroke\nnone\n-fill\n#f4f4f4\n-draw\nrectangle 306,284 354,294\n-draw\nrectangle 315,214 345,224\n'
} | draw tokyo gradient:'#2b1d5c'-'#f39a6b'

# Gothenburg harbour: an evening sky, cranes, a red-and-white tower, water with reflections.
{
    printf -- '-fill\n#ffe9a8\n-draw\ncircle 520,110 520,84\n'
    skyline 23 330 40 120 '#1d2b3a' '#ffdf8a'
    printf -- '-fill\n#c8323a\n-draw\nrectangle 250,150 290,330\n'
    for y in 165 195 225 255 285 315; do printf -- '-fill\n#f2f2f2\n-draw\nrectangle 250,%d 290,%d\n' "$y" "$((y + 8))"; done
    printf -- '-stroke\n#d9a441\n-strokewidth\n6\n-draw\nline 420,330 420,140\n-draw\nline 380,150 560,150\n-strokewidth\n3\n-draw\nline 420,140 540,150\n-draw\nline 540,150 540,210\n'
    printf -- '-draw\nline 110,330 110,190\n-draw\nline 80,196 210,196\n-draw\nline 110,190 200,196\n-stroke\nnone\n'
    printf -- '-fill\n#1f4c6b\n-draw\nrectangle 0,330 640,448\n'
    RANDOM=5
    for _ in $(seq 1 60); do
        x=$((RANDOM % 640)); y=$((336 + RANDOM % 110)); l=$((8 + RANDOM % 30))
        printf -- '-fill\n#ffdf8a\n-draw\nrectangle %d,%d %d,%d\n' "$x" "$y" "$((x + l))" "$((y + 1))"
    done
    printf -- '-fill\n#10283a\n-draw\npolygon 170,360 330,360 310,380 190,380\n-fill\n#f2f2f2\n-draw\nrectangle 220,346 280,360\n'
} | draw gothenburg gradient:'#1e3c72'-'#f5b971'

# Zurich: snowy Alps behind the lake, a church with two towers on the shore.
{
    printf -- '-fill\n#fff6d5\n-draw\ncircle 110,90 110,64\n'
    printf -- '-fill\n#8fa6c7\n-draw\npolygon 0,270 90,160 170,230 260,120 360,240 450,150 560,230 640,180 640,300 0,300\n'
    printf -- '-fill\n#ffffff\n-draw\npolygon 68,187 90,160 112,180 100,186 88,178 78,190\n'
    printf -- '-draw\npolygon 232,155 260,120 290,156 272,150 258,160 246,152\n-draw\npolygon 425,180 450,150 478,176 462,172 450,182 438,174\n'
    printf -- '-fill\n#3f7cac\n-draw\nrectangle 0,300 640,448\n'
    skyline 37 330 20 70 '#3a3f4b' '#ffe39a'
    printf -- '-fill\n#d8cfc0\n-draw\nrectangle 260,200 380,330\n-draw\nrectangle 270,140 300,200\n-draw\nrectangle 340,140 370,200\n'
    printf -- '-fill\n#6f4e37\n-draw\npolygon 266,140 285,104 304,140\n-draw\npolygon 336,140 355,104 374,140\n'
    printf -- '-fill\n#3a3f4b\n-draw\nroundrectangle 300,270 340,330 18,18\n'
    printf -- '-fill\n#2d6690\n-draw\nrectangle 0,330 640,448\n'
    RANDOM=9
    for _ in $(seq 1 40); do
        x=$((RANDOM % 640)); y=$((340 + RANDOM % 100)); l=$((10 + RANDOM % 40))
        printf -- '-fill\n#9cc3e0\n-draw\nrectangle %d,%d %d,%d\n' "$x" "$y" "$((x + l))" "$((y + 1))"
    done
} | draw zurich gradient:'#6fb1fc'-'#e8f4ff'

# Kyiv: golden domes over a green hill, a bridge over the river.
{
    printf -- '-fill\n#fff1b8\n-draw\ncircle 540,80 540,52\n'
    printf -- '-fill\n#4f7d3a\n-draw\nellipse 320,380 420,150 180,360\n'
    printf -- '-fill\n#2f6fa3\n-draw\nrectangle 0,380 640,448\n'
    printf -- '-fill\n#8cc0e8\n-draw\nrectangle 0,380 640,386\n'
    printf -- '-stroke\n#e9e4da\n-strokewidth\n4\n-fill\nnone\n-draw\nline 0,392 640,392\n-draw\narc 40,360 200,424 180,360\n-draw\narc 440,360 600,424 180,360\n-stroke\nnone\n'
    printf -- '-fill\n#f3efe6\n-draw\nrectangle 220,190 420,300\n-draw\nrectangle 300,120 340,190\n-draw\nrectangle 236,160 268,190\n-draw\nrectangle 372,160 404,190\n'
    printf -- '-fill\n#5aa2d6\n-draw\nrectangle 220,210 420,216\n'
    printf -- '-fill\n#e6b422\n-draw\nellipse 320,112 26,30 0,360\n-draw\nellipse 252,154 18,20 0,360\n-draw\nellipse 388,154 18,20 0,360\n'
    printf -- '-draw\npolygon 316,84 320,58 324,84\n-draw\npolygon 249,136 252,118 255,136\n-draw\npolygon 385,136 388,118 391,136\n'
    printf -- '-fill\n#6b8fb3\n-draw\nroundrectangle 306,250 334,300 12,12\n-draw\nrectangle 240,230 256,260\n-draw\nrectangle 384,230 400,260\n'
    skyline 53 380 15 50 '#c9b9a4' '#f7e3a1'
} | draw kyiv gradient:'#3d8bd9'-'#cfe8ff'
