/// Swift wrapper over libedit (being written).
public enum LineEditorInfo {}
