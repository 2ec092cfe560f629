Feature: The plan's Chromium box shows nothing of the host but what it must
  As a user whose agent opens pages I do not control
  I want the box Chromium runs in checked on random environments and displays
  So that no secret, socket or writable folder of the host slips into it

  # Each example: a random environment (random names and secret values, the locale's
  # variables, DISPLAY, XAUTHORITY, WAYLAND_DISPLAY, XDG_RUNTIME_DIR), headless or headed,
  # a runtime folder holding the compositor's socket and another one, and a canary file
  # beside the profile. The box is made with the real bwrap around a probe (the same
  # options Chromium gets), which reports its environment, every socket file it can
  # reach, what it may write and what /etc holds. In each example:
  # - its environment holds PATH, HOME, the locale's variables and, headed, the display's,
  #   and no other name or value;
  # - the only socket is the compositor's, and only when headed;
  # - it writes only in the profile, /tmp and /dev/shm (never /, /etc, /usr, /proc/sys);
  # - /etc holds only what the box lists, and passwd only nobody; the canary is not there.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (10 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Random environments and displays never reach into the box
    When the Chromium box is probed in random environments
    Then every box showed only its allowed environment, socket, folders and files

  # `/opt`, `/usr` and `/nix` are shown whole: a tree there (`/opt/APP/repo`) and the app's
  # `.env` beside it would be too, with the git directory's store and the browser's storage.
  Scenario: A tree in a system folder is hidden from the box, with what lies beside it
    When the Chromium box is made for a tree under /opt, beside the app's .env
    Then the box shows nothing of the tree, its git directory, or what lies beside them

  # An X authority file holds the cookies of every display the user has: the box gets only
  # those `xauth` itself picks for DISPLAY (its number, and this host's name, any host, or
  # the address of the TCP host DISPLAY names), never a remote host's (`otherhost:0`).
  # Random files of up to 8 entries (families Local, Wild, Internet, Internet6,
  # LocalHost; this host's name and others; numbers with none), against `xauth nextract`
  # run on the same file, for DISPLAY :N, unix:N, HOST/unix:N, localhost:N, an address.
  Scenario: A headed box gets only the cookies xauth picks for DISPLAY
    When the headed Chromium box is given random X authority files
    Then each box got the cookies xauth picks for its DISPLAY, and no other
