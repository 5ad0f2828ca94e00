module github.com/apigen/apigen/golden

go 1.26
