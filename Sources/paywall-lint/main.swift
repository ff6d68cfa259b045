import PaywallLint
print("stub")
