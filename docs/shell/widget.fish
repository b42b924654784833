# sectionnav key binding for fish: Ctrl-X Ctrl-S runs a command, lets you pick
# lines of its output in sectionnav (Tab marks several), and inserts them
# (shell-quoted, one word each) at the cursor, like fzf's Ctrl-T. Load it with: sectionnav --shell fish | source
#   SECTIONNAV_WIDGET_COMMAND  the command (default: the files below the current
#                              directory as "DIR<tab>PATH", grouped by directory)
#   SECTIONNAV_WIDGET_OPTS     more sectionnav options (default: --lines
#                              --delimiter '\t', to match the default command)
# Another key: bind \ct sectionnav-widget

function sectionnav-widget
    set -l cmd "find . -mindepth 1 -name '.?*' -prune -o -type f -printf '%h\t%P\n'"
    set -q SECTIONNAV_WIDGET_COMMAND; and set cmd $SECTIONNAV_WIDGET_COMMAND
    set -l opts "--lines --delimiter '\t'"
    set -q SECTIONNAV_WIDGET_OPTS; and set opts $SECTIONNAV_WIDGET_OPTS
    set -l picked (eval $cmd | eval "sectionnav --pick --multi $opts --print '{item}'" | string split \n)
    for item in $picked
        commandline -i -- (string escape -- $item)' '
    end
    commandline -f repaint
end

bind \cx\cs sectionnav-widget
bind -M insert \cx\cs sectionnav-widget
