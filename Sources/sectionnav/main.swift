print("sectionnav: not yet")
