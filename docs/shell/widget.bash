# sectionnav key binding for bash: Ctrl-X Ctrl-S runs a command, lets you pick
# lines of its output in sectionnav (Tab marks several), and inserts them
# (shell-quoted, one word each) at the cursor, like fzf's Ctrl-T. Load it with: eval "$(sectionnav --shell bash)"
#   SECTIONNAV_WIDGET_COMMAND  the command (default: the files below the current
#                              directory as "DIR<tab>PATH", grouped by directory)
#   SECTIONNAV_WIDGET_OPTS     more sectionnav options (default: --lines
#                              --delimiter '\t', to match the default command)
# Another key: bind -x '"\C-t": __sectionnav_widget'

__sectionnav_widget() {
  local cmd=${SECTIONNAV_WIDGET_COMMAND:-"find . -mindepth 1 -name '.?*' -prune -o -type f -printf '%h\t%P\n'"}
  local opts=${SECTIONNAV_WIDGET_OPTS-"--lines --delimiter '\t'"}
  local picked item quoted words=
  picked=$(eval "$cmd" | eval "sectionnav --pick --multi $opts --print '{item}'") || return
  [[ -n $picked ]] || return
  while IFS= read -r item; do
    printf -v quoted '%q ' "$item"
    words+=$quoted
  done <<<"$picked"
  picked=$words
  READLINE_LINE=${READLINE_LINE:0:READLINE_POINT}$picked${READLINE_LINE:READLINE_POINT}
  READLINE_POINT=$((READLINE_POINT + ${#picked}))
}

# Ctrl-S is the terminal's "stop output" key while flow control is on.
[[ -t 0 ]] && stty -ixon 2>/dev/null
bind -m emacs-standard -x '"\C-x\C-s": __sectionnav_widget'
bind -m vi-insert -x '"\C-x\C-s": __sectionnav_widget'
