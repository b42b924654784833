# sectionnav key binding for bash: Ctrl-X Ctrl-S runs a command, lets you pick
# lines of its output in sectionnav (Tab marks several), and inserts them
# (shell-quoted, one word each) at the cursor, like fzf's Ctrl-T. Load it with: eval "$(sectionnav --shell bash)"
#   SECTIONNAV_WIDGET_COMMAND  the command (default: the files below the current
#                              directory as "DIR<tab>PATH", grouped by directory,
#                              each ended by NUL and read with --read0, so that
#                              a name may hold a line break)
#   SECTIONNAV_WIDGET_OPTS     more sectionnav options (default: --lines
#                              --delimiter '\t', to match the default command)
# Another key: bind -x '"\C-t": __sectionnav_widget'

__sectionnav_widget() {
  local cmd=${SECTIONNAV_WIDGET_COMMAND:-"find . -mindepth 1 -name '.?*' -prune -o -type f -printf '%h\t%P\0' 2>/dev/null"}
  local opts=${SECTIONNAV_WIDGET_OPTS-"--lines --delimiter '\t'"}
  local read0= item quoted words=
  if [[ -z ${SECTIONNAV_WIDGET_COMMAND-} ]]; then read0=--read0; fi
  # The options reach sectionnav as SECTIONNAV_OPTS, which it splits itself
  # (never eval'd); items come NUL-ended (one may hold a line break, or be
  # empty); the command runs in a process substitution, so Esc does not
  # wait for it to end, and its status does not count (pipefail). Always
  # status 0: under `set -e`, a widget that fails ends the shell.
  while IFS= read -r -d '' item; do
    printf -v quoted '%q ' "$item"
    words+=$quoted
  done < <(SECTIONNAV_OPTS="${SECTIONNAV_OPTS-} --multi $read0 $opts" sectionnav --pick --print0 --print '{item}' < <(eval "$cmd"))
  READLINE_LINE=${READLINE_LINE:0:READLINE_POINT}$words${READLINE_LINE:READLINE_POINT}
  READLINE_POINT=$((READLINE_POINT + ${#words}))
  return 0
}

# Ctrl-S is the terminal's "stop output" key while flow control is on.
[[ -t 0 ]] && stty -ixon 2>/dev/null
bind -m emacs-standard -x '"\C-x\C-s": __sectionnav_widget'
bind -m vi-insert -x '"\C-x\C-s": __sectionnav_widget'
bind -m vi-command -x '"\C-x\C-s": __sectionnav_widget'
