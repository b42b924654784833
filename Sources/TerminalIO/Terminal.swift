/// Terminal I/O (being written).
public enum TerminalInfo {}
