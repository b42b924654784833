/// fzf's `--bind` events that sectionnav fires, bound as keys are
/// (`--bind 'change:reload(rg {q})'`): `start` once, before the first key;
/// `load` when the data is complete (the input, then each reload's output);
/// `change` when typing changes the query line.
public enum BindEvent: String, Sendable, CaseIterable {
  case start, load, change
}
