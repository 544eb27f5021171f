# Sourced by the project's scripts: makes sure ffmpeg, ffprobe and the overlay font (DejaVu) are installed, since
# media-service runs them for every probe, frame, audio track and overlay. Installs them with apt-get when it can
# (root, Debian/Ubuntu); otherwise says what to install.
_vas_media_tools_missing() {
  command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 &&
    [ -r /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] && return 1
  return 0
}

if _vas_media_tools_missing; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ffmpeg and fonts-dejavu-core (media-service needs them) ..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq </dev/null >/dev/null
    apt-get install -y -qq --no-install-recommends ffmpeg fonts-dejavu-core </dev/null >/dev/null
  fi
  if _vas_media_tools_missing; then
    echo "media-service needs ffmpeg, ffprobe and the DejaVu fonts: install them (apt-get install ffmpeg" \
      "fonts-dejavu-core), or set MEDIA_TOOLS_FFMPEG, MEDIA_TOOLS_FFPROBE and MEDIA_OVERLAY_FONT_FILE." >&2
    exit 1
  fi
fi
