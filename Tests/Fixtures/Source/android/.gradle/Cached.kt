class ProfileActivty : androidx.appcompat.app.AppCompatActivity()
