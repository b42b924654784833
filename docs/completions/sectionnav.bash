# bash completion for sectionnav(1). Install as
# /usr/share/bash-completion/completions/sectionnav or source it from ~/.bashrc.
# Standalone: needs no bash-completion helpers.

_sectionnav() {
  local cur=${COMP_WORDS[COMP_CWORD]}
  local prev=
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  # bash splits '--demo=gr' into '--demo' '=' 'gr'.
  if [[ $cur == "=" ]]; then
    cur=
  elif [[ $prev == "=" ]] && ((COMP_CWORD > 1)); then
    prev=${COMP_WORDS[COMP_CWORD - 2]}
  fi

  local options="--demo --lines --delimiter --read0 --no-read0 --item-field --item-format --path --group-by
    --jsonl --skip-bad --csv --tsv --no-header --keep-order --check
    --index --index-labels --index-anchor --locale --color --colors --indicators --no-mouse
    --smooth --literal --print --pick --browse --print0 --no-print0 --filter --query -q --multi -m --no-multi +m --sort --no-sort +s --disabled --hscroll --no-hscroll --hscroll-off --prompt --header --height --no-height --cycle --no-cycle --layout --reverse --no-reverse
    --select-1 -1 --exit-0 -0 --exact -e --no-exact +e --ignore-case -i --no-ignore-case +i --smart-case --tiebreak --nth
    --filter-print --preview --no-preview --preview-window --bind --script --size -h --help --shell --no-config --version"

  case $prev in
    --demo) COMPREPLY=($(compgen -W "devices numbers grid contacts-ja contacts-sv contacts-zh" -- "$cur")); return ;;
    --index) COMPREPLY=($(compgen -W "initials titles alphabet" -- "$cur")); return ;;
    --index-anchor) COMPREPLY=($(compgen -W "top center" -- "$cur")); return ;;
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --indicators) COMPREPLY=($(compgen -W "always auto never" -- "$cur")); return ;;
    --shell) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")); return ;;
    --nth) COMPREPLY=($(compgen -W "item section,item" -- "$cur")); return ;;
    --layout) COMPREPLY=($(compgen -W "default reverse reverse-list" -- "$cur")); return ;;
    --tiebreak) COMPREPLY=($(compgen -W "length chunk pathname begin end index" -- "$cur")); return ;;
    --size) COMPREPLY=($(compgen -W "80x24 120x40" -- "$cur")); return ;;
    --print) COMPREPLY=($(compgen -W "{item} {section} {index} {json} json" -- "$cur")); return ;;
    --colors)
      COMPREPLY=($(compgen -W "thumb= track= index= index-current= header= pinned= bubble=
        status= cursor= match=" -- "$cur"))
      compopt -o nospace 2>/dev/null
      return ;;
    --preview-window)
      COMPREPLY=($(compgen -W "right:50% bottom:40% left:50% top:40% right:50%:hidden bottom:40%:hidden" -- "$cur"))
      return ;;
    --locale) COMPREPLY=($(compgen -W "C sv de es ja zh ko ru el" -- "$cur")); return ;;
    --delimiter | --item-field | --item-format | --path | --group-by | --preview | --bind | --query | -q | --hscroll-off | --prompt | --header | --height | --filter-print) return ;;
    --script | --index-labels)
      compopt -o filenames 2>/dev/null
      COMPREPLY=($(compgen -f -- "$cur"))
      return ;;
  esac

  if [[ $cur == -?* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
    return
  fi
  compopt -o filenames 2>/dev/null
  COMPREPLY=($(compgen -f -- "$cur"))
}

complete -F _sectionnav sectionnav
