# sectionnav key binding for fish: Ctrl-X Ctrl-S runs a command, lets you pick
# lines of its output in sectionnav (Tab marks several), and inserts them
# (shell-quoted, one word each) at the cursor, like fzf's Ctrl-T. Load it with: sectionnav --shell fish | source
#   SECTIONNAV_WIDGET_COMMAND  the command (default: the files below the current
#                              directory as "DIR<tab>PATH", grouped by directory,
#                              each ended by NUL and read with --read0, so that
#                              a name may hold a line break)
#   SECTIONNAV_WIDGET_OPTS     more sectionnav options (default: --lines
#                              --delimiter '\t', to match the default command)
# Another key: bind \ct sectionnav-widget

function sectionnav-widget
    set -l cmd "find . -mindepth 1 -name '.?*' -prune -o -type f -printf '%h\t%P\0' 2>/dev/null"
    set -l read0 --read0
    if test -n "$SECTIONNAV_WIDGET_COMMAND"
        set cmd $SECTIONNAV_WIDGET_COMMAND
        set read0
    end
    set -l opts "--lines --delimiter '\t'"
    set -q SECTIONNAV_WIDGET_OPTS; and set opts $SECTIONNAV_WIDGET_OPTS
    # The options reach sectionnav as SECTIONNAV_OPTS, which it splits itself
    # (never eval'd); items come NUL-ended (one may hold a line break, or be empty).
    set -l picked (eval $cmd | SECTIONNAV_OPTS="$SECTIONNAV_OPTS --multi $read0 $opts" sectionnav --pick --print0 --print '{item}' | string split0)
    for item in $picked
        commandline -i -- (string escape -- $item)' '
    end
    commandline -f repaint
end

bind \cx\cs sectionnav-widget
bind -M insert \cx\cs sectionnav-widget
