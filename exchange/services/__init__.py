"""The writers of exchange: publishing a night from a hall's laptop (`publishing`), and
taking it in on the association's server (`receiving`); `wire` is what both ends agree on."""
