# sectionnav key binding for zsh: Ctrl-X Ctrl-S runs a command, lets you pick
# lines of its output in sectionnav (Tab marks several), and inserts them
# (shell-quoted, one word each) at the cursor, like fzf's Ctrl-T. Load it with: eval "$(sectionnav --shell zsh)"
#   SECTIONNAV_WIDGET_COMMAND  the command (default: the files below the current
#                              directory as "DIR<tab>PATH", grouped by directory,
#                              each ended by NUL and read with --read0, so that
#                              a name may hold a line break)
#   SECTIONNAV_WIDGET_OPTS     more sectionnav options (default: --lines
#                              --delimiter '\t', to match the default command)
# Another key: bindkey '^T' sectionnav-widget

sectionnav-widget() {
  local cmd=${SECTIONNAV_WIDGET_COMMAND:-"find . -mindepth 1 -name '.?*' -prune -o -type f -printf '%h\t%P\0' 2>/dev/null"}
  local opts=${SECTIONNAV_WIDGET_OPTS-"--lines --delimiter '\t'"}
  local read0= out item
  if [[ -z ${SECTIONNAV_WIDGET_COMMAND-} ]]; then read0=--read0; fi
  # The options reach sectionnav as SECTIONNAV_OPTS, which it splits itself
  # (never eval'd); items come NUL-ended (one may hold a line break, or be
  # empty). sectionnav runs in a command substitution, in the terminal's
  # foreground (in a process substitution it could not take the terminal).
  out=$(SECTIONNAV_OPTS="${SECTIONNAV_OPTS-} --multi $read0 $opts" sectionnav --pick --print0 --print '{item}' < <(eval "$cmd")) || out=
  if [[ -n $out ]]; then
    out=${out%$'\0'}
    for item in "${(@0)out}"; do
      LBUFFER+="${(q)item} "
    done
  fi
  zle reset-prompt
}
zle -N sectionnav-widget

# Ctrl-S is the terminal's "stop output" key while flow control is on.
unsetopt flow_control
bindkey -M emacs '^X^S' sectionnav-widget
bindkey -M viins '^X^S' sectionnav-widget
bindkey -M vicmd '^X^S' sectionnav-widget
