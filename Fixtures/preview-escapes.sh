# Prints what a hostile or colourful preview command might (preview-escapes.nav).
printf '\033[2J\033[H\033]0;title\007\033[31mred\033[0m \033[1mbold\033[m\033[10;1Hmoved\033[?1049h\tend\n'
printf '\033[38;5;208mo\033[48;2;0;0;255mx\033[0m\a\033Pdcs\033\\\033[1;1r\033(Bdone\n'
printf 'item %s\n' "$1"
