# Two devices, one game (docs/link.md): the link over the cable. frame (messages with a
# checksum, sequence numbers, acks and repeats), pack (the pack neither device alone
# chooses), duel (head-to-head cribbage over the link). Loaded only once a linked game
# is chosen: a device playing alone carries none of it.
