# What the device keeps on flash: the checksummed record files (records), the saves
# over them (saves), the rules each record's fields must follow (fields), and the note
# that the history passed a whole check (checknote).
