print("folio-view")
