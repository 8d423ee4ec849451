print("hublive")
